import { z } from 'zod';
import { competencia } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

export const depreciacaoFechamentoPayload = z.strictObject({ competencia });
export type DepreciacaoFechamentoPayload = z.output<typeof depreciacaoFechamentoPayload>;

/**
 * `depreciacao.fechamento`: one month's entries for every depreciable asset in ONE transaction (set-based
 * SQL, the engine for assets with value events). Idempotent: a second delivery finds the month concluded.
 */
export const depreciacaoFechamentoJob = defineJob({
  name: 'depreciacao.fechamento',
  owner: 'user',
  payload: depreciacaoFechamentoPayload,
  retries: 0,
  handler: () => import('./depreciacao-fechamento.handler'),
});
