import type { Backup, BackupSettings, BackupStatus } from '@tombo/shared';
import type { backups, backupSettings } from './schema';

export type BackupRow = typeof backups.$inferSelect;
export type BackupSettingsRow = typeof backupSettings.$inferSelect;

/** A backups row (with its municipality's and author's names) as the API shows it. */
export function presentBackup(
  row: BackupRow,
  names: { municipalityName?: string | null; createdByName?: string | null } = {},
): Backup {
  return {
    id: row.id,
    municipalityId: row.municipalityId,
    municipalityName: names.municipalityName ?? row.summary?.municipality?.name ?? null,
    kind: row.kind === 'scheduled' || row.kind === 'uploaded' ? row.kind : 'manual',
    status: row.status as BackupStatus,
    progress: row.progress,
    jobId: row.jobId,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    summary: row.summary ?? null,
    error: row.error,
    createdBy: row.createdBy != null ? { id: row.createdBy, name: names.createdByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The defaults of a municipality that never saved its schedule. */
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = {
  enabled: false,
  hour: 2,
  frequency: 'daily',
  keepDays: 30,
  lastRunAt: null,
  version: 0,
};

/** The schedule row (or the defaults). */
export function presentBackupSettings(row: BackupSettingsRow | undefined): BackupSettings {
  if (!row) return DEFAULT_BACKUP_SETTINGS;
  return {
    enabled: row.enabled,
    hour: row.hour,
    frequency: row.frequency === 'weekly' ? 'weekly' : 'daily',
    keepDays: row.keepDays,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    version: row.version,
  };
}
