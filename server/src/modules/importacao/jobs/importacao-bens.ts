import { z } from 'zod';
import { importacaoConfirmarBody } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';
import { importerPayload } from './importacao-analise';

export const importacaoBensPayload = importacaoConfirmarBody.extend({
  importacaoId: z.uuid(),
  actorName: z.string().max(255),
  ...importerPayload,
});
export type ImportacaoBensPayload = z.output<typeof importacaoBensPayload>;

/**
 * `importacao.bens`: every row of an analysed register in ONE transaction (catalogs created, assets
 * inserted in batches with their own numbers — counters moved past them — or numbers issued from the
 * sequences), or nothing. Not retried: a failure says why and leaves the data as it was; the user
 * fixes the file or the choices and confirms again.
 */
export const importacaoBensJob = defineJob({
  name: 'importacao.bens',
  owner: 'user',
  payload: importacaoBensPayload,
  retries: 0,
  handler: () => import('./importacao-bens.handler'),
});
