import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: text('details'),
    createdAt: created(),
  },
  (t) => [index('audit_logs_municipality_idx').on(t.municipalityId, t.id)],
);
