import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

/** `now` (ISO instant) replaces the clock (tests, a manual re-run). */
const backupsScheduledPayload = z.strictObject({ now: z.iso.datetime().optional() });
export type BackupsScheduledPayload = z.output<typeof backupsScheduledPayload>;

/**
 * Every 15 minutes: the municipalities whose backup schedule is due get a backup (claimed by
 * compare-and-set on `last_run_at`, so two nodes never take one twice); backups older than the
 * municipality's `keep_days` are removed (the newest completed one always stays).
 */
export const backupsScheduledJob = defineJob({
  name: 'backups.scheduled',
  owner: 'system',
  payload: backupsScheduledPayload,
  retries: 1,
  schedule: { every: 15 * 60_000 },
  handler: () => import('./backups-scheduled.handler'),
});
