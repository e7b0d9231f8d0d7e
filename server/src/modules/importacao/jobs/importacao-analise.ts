import { z } from 'zod';
import { idNumber, importacaoAnaliseBody } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** The importer (importer.ts) rides along: the analysis checks rows as that user may import them. */
export const importerPayload = {
  sectorIds: z.array(idNumber()).nullable().default(null),
  createCatalogs: z.boolean().default(true),
};

export const importacaoAnalisePayload = importacaoAnaliseBody.extend({ importacaoId: z.uuid(), ...importerPayload });
export type ImportacaoAnalisePayload = z.output<typeof importacaoAnalisePayload>;

/**
 * `importacao.analise`: reads the whole uploaded register under a mapping (every bad row, numbers
 * already taken, distinct values) and stores the outcome on its `importacoes` row; the result file is
 * the JSON `ImportacaoAnaliseResult`. Not retried: a failure says why and the admin analyses again.
 */
export const importacaoAnaliseJob = defineJob({
  name: 'importacao.analise',
  owner: 'user',
  payload: importacaoAnalisePayload,
  retries: 0,
  handler: () => import('./importacao-analise.handler'),
});
