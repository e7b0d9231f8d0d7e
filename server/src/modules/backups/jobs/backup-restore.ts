import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

const backupRestorePayload = z.discriminatedUnion('target', [
  z.strictObject({ backupId: idNumber(), target: z.literal('same') }),
  z.strictObject({ backupId: idNumber(), target: z.literal('new'), name: z.string(), slug: z.string() }),
]);
export type BackupRestorePayload = z.output<typeof backupRestorePayload>;

/**
 * `backup.restore` (superuser): replaces the backup's municipality's rows and files with the
 * archive's, or creates a new municipality from it, in one transaction. Never retried.
 */
export const backupRestoreJob = defineJob({
  name: 'backup.restore',
  owner: 'user',
  payload: backupRestorePayload,
  retries: 0,
  handler: () => import('./backup-restore.handler'),
});
