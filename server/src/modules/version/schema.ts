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
    /** The public address (APP_URL) the API last started with: a worker started without APP_URL prints it. */
    publicUrl: text('public_url'),
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
  /** SHA-256 of the backup file as this installation wrote it: a rollback runs only that file. */
  backupSha256: text('backup_sha256'),
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

/**
 * A scheduled 'Reverter' (at most one), read when the older version starts. Kept in the database, never in
 * DATA_DIR: who can write files there must not be able to make the installation run a file of theirs.
 */
export const versionRollbackPending = pgTable(
  'version_rollback_pending',
  {
    id: integer('id').primaryKey().default(1),
    upgradeId: integer('upgrade_id').notNull(),
    fromVersion: text('from_version').notNull(),
    toVersion: text('to_version').notNull(),
    /** The file name under DATA_DIR/backups/installation, and its SHA-256 as recorded when it was written. */
    backupFile: text('backup_file').notNull(),
    backupSha256: text('backup_sha256').notNull(),
    /** A superuser's id (no foreign key: this installation table must stay out of municipality backups). */
    requestedBy: integer('requested_by'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
  },
  (t) => [check('version_rollback_pending_one_row', sql`${t.id} = 1`)],
);
