import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

const contabilidadeBloqueioPayload = z.strictObject({});
export type ContabilidadeBloqueioPayload = z.output<typeof contabilidadeBloqueioPayload>;

/**
 * Hourly: the activity-log row of each closed month whose accounting deadline has passed (bloqueio.ts). The lock
 * itself needs no job (it is a date); the row records when it took effect. System work: no `jobs` row of its own.
 */
export const contabilidadeBloqueioJob = defineJob({
  name: 'contabilidade.bloqueio',
  owner: 'system',
  payload: contabilidadeBloqueioPayload,
  retries: 2,
  schedule: { every: 60 * 60_000 },
  handler: () => import('./contabilidade-bloqueio.handler'),
});
