import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

/**
 * Deletes result files older than JOB_FILE_RETENTION_DAYS and marks their rows (owners are told
 * live). System work: no `jobs` row of its own. Every JOB_FILE_RETENTION_SWEEP_MS (default hourly);
 * not scheduled when files are kept forever (0 days).
 */
const fileRetentionPayload = z.strictObject({});
export type FileRetentionPayload = z.output<typeof fileRetentionPayload>;

export const fileRetentionJob = defineJob({
  name: 'jobs.file-retention',
  owner: 'system',
  payload: fileRetentionPayload,
  retries: 2,
  schedule: (config) => (config.jobFileRetentionDays > 0 ? { every: config.jobFileRetentionSweepMs } : null),
  handler: () => import('./file-retention.handler'),
});
