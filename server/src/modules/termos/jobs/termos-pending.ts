import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

const termosPendingPayload = z.strictObject({});
export type TermosPendingPayload = z.output<typeof termosPendingPayload>;

/** How often the automatic term versions waiting to be rendered are looked for (ms). */
export const TERMOS_SWEEP_MS = Number(process.env.TERMOS_SWEEP_MS ?? 5_000);

/**
 * Renders the automatic term versions (recorded pending by a transfer approval or a loan return, in
 * their transaction): system work on a short interval, so a crash between the commit and any enqueue
 * loses nothing — the pending rows are the queue.
 */
export const termosPendingJob = defineJob({
  name: 'termos.pending',
  owner: 'system',
  payload: termosPendingPayload,
  retries: 0,
  schedule: () => (TERMOS_SWEEP_MS > 0 ? { every: TERMOS_SWEEP_MS } : null),
  handler: () => import('./termos-pending.handler'),
});
