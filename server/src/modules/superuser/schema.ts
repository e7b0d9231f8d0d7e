import { boolean, pgTable } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';

/**
 * Installation-wide settings of the superuser area, one row (`id` is always true). The public
 * consultation is on unless switched off here (spec §9), whatever each municipality's own switch says.
 */
export const installationSettings = pgTable('installation_settings', {
  id: boolean('id').primaryKey().default(true),
  isPublicSearchEnabled: boolean('is_public_search_enabled').notNull().default(true),
  updatedAt: updated(),
  version: version(),
});
