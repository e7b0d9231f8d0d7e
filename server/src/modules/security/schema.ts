import { integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** A municipality's security policy (one row; none = the defaults of spec §5/§9). */
export const securityPolicies = pgTable('security_policies', {
  id: serial('id').primaryKey(),
  municipalityId: integer('municipality_id')
    .notNull()
    .unique()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull().$type<Record<string, unknown>>(),
  updatedAt: updated(),
  version: version(),
});
