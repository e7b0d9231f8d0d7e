import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import type { BackupManifestSummary } from '@tombo/shared';
import { created, ts, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/**
 * A backup of one municipality's data and files (an archive under DATA_DIR/backups). The row outlives
 * the municipality (set null) so a superuser can still restore it into a new one.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'set null' }),
    /** 'manual' (Gerar backup) or 'scheduled'. */
    kind: text('kind').notNull().default('manual'),
    /** queued | running | completed | failed */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    jobId: uuid('job_id'),
    filePath: text('file_path'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    /** Row counts per table, as written in the archive's manifest. */
    summary: jsonb('summary').$type<BackupManifestSummary>(),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('backups_municipality_idx').on(t.municipalityId, t.createdAt)],
);

/** The backup schedule of a municipality (absent = the defaults: off, 02:00, daily, keep 30 days). */
export const backupSettings = pgTable('backup_settings', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  hour: integer('hour').notNull().default(2),
  /** daily | weekly (weekly: on Sundays) */
  frequency: text('frequency').notNull().default('daily'),
  keepDays: integer('keep_days').notNull().default(30),
  lastRunAt: ts('last_run_at'),
  updatedAt: updated(),
  version: version(),
});
