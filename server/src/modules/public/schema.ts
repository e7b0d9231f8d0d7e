import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** Public consultation switch per municipality (spec §9: enabled by default = no row). */
export const publicSearchSettings = pgTable('public_search_settings', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  isPublicSearchEnabled: boolean('is_public_search_enabled').notNull().default(true),
  updatedAt: updated(),
  version: version(),
});
