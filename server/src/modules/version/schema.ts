import { bigint, check, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { created, ts } from '../../db/columns';
import { users } from '../users/schema';

/** The installation itself (one row): its id, written into every backup's manifest. */
export const installation = pgTable(
  'installation',
  {
    id: integer('id').primaryKey().default(1),
    installationId: uuid('installation_id').notNull().defaultRandom(),
    createdAt: created(),
  },
  (t) => [check('installation_one_row', sql`${t.id} = 1`)],
);

/** Each start of a new version on this installation (from → to), with the backup taken before its migrations. */
export const versionUpgrades = pgTable('version_upgrades', {
  id: serial('id').primaryKey(),
  fromVersion: text('from_version'),
  toVersion: text('to_version').notNull(),
  schemaVersion: text('schema_version'),
  backupFile: text('backup_file'),
  backupSize: bigint('backup_size', { mode: 'number' }),
  at: ts('at').notNull().defaultNow(),
});

/** Spec §3 rollback history: a 'Reverter' and its outcome. */
export const versionRollbacks = pgTable('version_rollbacks', {
  id: serial('id').primaryKey(),
  fromVersion: text('from_version').notNull(),
  toVersion: text('to_version').notNull(),
  /** success | failure */
  status: text('status').notNull(),
  error: text('error'),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  at: ts('at').notNull().defaultNow(),
});
