import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

const termosPendingPayload = z.strictObject({});
export type TermosPendingPayload = z.output<typeof termosPendingPayload>;

/** How often the sectors waiting for an automatic term version are looked for (ms); 0: never (tests drive it). */
export const TERMOS_SWEEP_MS = Number(process.env.TERMOS_SWEEP_MS ?? 5_000);

/**
 * Turns the pendencias a transfer approval or a loan return left in their transaction (`termo_pending`)
 * into numbered versions with their snapshot, then renders the pending automatic versions: system work on
 * a short interval, so a crash between the commit and any enqueue loses nothing — the rows are the queue.
 */
export const termosPendingJob = defineJob({
  name: 'termos.pending',
  owner: 'system',
  payload: termosPendingPayload,
  retries: 0,
  schedule: () => (TERMOS_SWEEP_MS > 0 ? { every: TERMOS_SWEEP_MS } : null),
  handler: () => import('./termos-pending.handler'),
});
