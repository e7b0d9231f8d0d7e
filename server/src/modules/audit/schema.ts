import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/**
 * The activity log. Pages read newest first by (created_at, id) — one index per filter ends in those two
 * columns, so a filter plus a period is one index range (docs/architecture.md, "Activity log").
 */
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
    /** The record's name or number when the entry was written (a later rename does not rewrite history). */
    entityLabel: text('entity_label'),
    /** The asset's sector at the time (entries about assets); no foreign key: history outlives sectors. */
    sectorId: integer('sector_id'),
    details: text('details'),
    createdAt: created(),
  },
  (t) => [
    index('audit_logs_m_created_idx').on(t.municipalityId, t.createdAt, t.id),
    // A user and a sector belong to one municipality: their ids lead (the user one also serves ON DELETE SET NULL).
    index('audit_logs_user_idx').on(t.userId, t.createdAt, t.id),
    index('audit_logs_sector_idx')
      .on(t.sectorId, t.createdAt, t.id)
      .where(sql`${t.sectorId} is not null`),
    index('audit_logs_m_entity_idx').on(t.municipalityId, t.entityType, t.createdAt, t.id),
    index('audit_logs_m_action_idx').on(t.municipalityId, t.action, t.createdAt, t.id),
  ],
);
