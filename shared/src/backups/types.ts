/** Row counts (and checksums) per table, as in the archive's manifest. */
export interface BackupManifestSummary {
  tables: { name: string; rows: number; md5: string }[];
  files: number;
  /** The municipality the archive holds (uploaded archives: it may not exist in this installation). */
  municipality?: { name: string; slug: string };
}

export type BackupStatus = 'queued' | 'running' | 'completed' | 'failed';

/** A backup as listed (GET /api/backups). */
export interface Backup {
  id: number;
  municipalityId: number | null;
  municipalityName: string | null;
  /** 'uploaded': an archive a superuser sent (POST /api/superuser/backups/upload). */
  kind: 'manual' | 'scheduled' | 'uploaded';
  status: BackupStatus;
  progress: number;
  jobId: string | null;
  fileName: string | null;
  size: number | null;
  sha256: string | null;
  summary: BackupManifestSummary | null;
  error: string | null;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The municipality's schedule. */
export interface BackupSettings {
  enabled: boolean;
  hour: number;
  frequency: 'daily' | 'weekly';
  keepDays: number;
  lastRunAt: string | null;
  version: number;
}

/** GET /api/backups */
export interface BackupListResponse {
  backups: Backup[];
  settings: BackupSettings;
}

/** The last completed backup of a municipality (superuser dashboard). */
export interface LastBackup {
  municipalityId: number;
  backupId: number | null;
  at: string | null;
  size: number | null;
  status: BackupStatus | null;
}
