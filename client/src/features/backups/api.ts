import type {
  Backup,
  BackupListResponse,
  BackupRestoreInput,
  BackupSettings,
  BackupSettingsInput,
  Job,
} from '@tombo/shared';
import { http, saveBlob } from '../../lib/http';
import { uploadFile } from '../../lib/upload';

/** The municipality's backups and schedule. */
export const fetchBackups = () => http.get<BackupListResponse>('/backups');

/** 'Gerar backup': the queued backup and its job. */
export const createBackup = () => http.post<{ backup: Backup; job: Job }>('/backups', {});

/** Saves the schedule. */
export const saveBackupSettings = (input: BackupSettingsInput) =>
  http.put<{ settings: BackupSettings }>('/backups/settings', input);

/** Downloads the archive (Bearer header) and saves it. */
export async function downloadBackup(b: Backup): Promise<void> {
  const { blob, fileName } = await http.download(`/backups/${b.id}/download`);
  saveBlob(blob, fileName ?? b.fileName ?? `backup-${b.id}.tar.gz`);
}

/** Every backup of the installation, or one municipality's (superuser). */
export const fetchAllBackups = (municipalityId?: number) =>
  http.get<{ backups: Backup[] }>(`/superuser/backups${municipalityId ? `?municipalityId=${municipalityId}` : ''}`);

/** Restores a backup (superuser): the restore job. */
export const restoreBackup = (id: number, input: BackupRestoreInput) =>
  http.post<{ job: Job }>(`/superuser/backups/${id}/restore`, input);

/** A restore job of the superuser. */
export const fetchRestoreJob = (id: string) => http.get<{ job: Job }>(`/superuser/backups/jobs/${id}`);

/** Sends an archive (superuser): it becomes a backup of the list. */
export const uploadBackup = (file: File, onProgress: (percent: number) => void) =>
  uploadFile<{ backup: Backup }>('/superuser/backups/upload', file, file.name, { onProgress });
