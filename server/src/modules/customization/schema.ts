import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** Branding/login settings. municipality_id NULL is the installation-wide row (login page). */
export const customizations = pgTable(
  'customizations',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull().$type<Record<string, unknown>>(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('customizations_scope_uq').on(sql`coalesce(${t.municipalityId}, 0)`)],
);
