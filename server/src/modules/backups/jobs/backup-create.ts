import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

const backupCreatePayload = z.strictObject({ backupId: idNumber() });
export type BackupCreatePayload = z.output<typeof backupCreatePayload>;

/** `backup.create`: one municipality's rows and files into an archive (the backups row says where). */
export const backupCreateJob = defineJob({
  name: 'backup.create',
  owner: 'user',
  payload: backupCreatePayload,
  retries: 1,
  handler: () => import('./backup-create.handler'),
});
