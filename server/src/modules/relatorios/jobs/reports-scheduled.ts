import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

/** `now` (ISO instant) replaces the clock (tests, a manual re-run). */
const reportsScheduledPayload = z.strictObject({ now: z.iso.datetime().optional() });
export type ReportsScheduledPayload = z.output<typeof reportsScheduledPayload>;

/**
 * Every 5 minutes: the saved report configs whose next run is due become `report.generate` jobs of
 * their owners (notified when ready). Claimed by compare-and-set, so two nodes never run one twice.
 */
export const reportsScheduledJob = defineJob({
  name: 'reports.scheduled',
  owner: 'system',
  payload: reportsScheduledPayload,
  retries: 2,
  schedule: { every: 5 * 60_000 },
  handler: () => import('./reports-scheduled.handler'),
});
