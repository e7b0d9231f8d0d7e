import { z } from 'zod';
import { depreciacaoRelatorioFiltros, idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** The filters, the format and the requester's sector restriction (`usuario`; from the principal, null = all). */
export const depreciacaoRelatorioPayload = z.strictObject({
  formato: z.enum(['pdf', 'xlsx']),
  filtros: depreciacaoRelatorioFiltros,
  sectorIds: z.array(idNumber()).nullable(),
});
export type DepreciacaoRelatorioPayload = z.output<typeof depreciacaoRelatorioPayload>;

/** `depreciacao-relatorio.generate`: a depreciation report as PDF (the reports' Chromium engine) or XLSX. */
export const depreciacaoRelatorioGenerateJob = defineJob({
  name: 'depreciacao-relatorio.generate',
  owner: 'user',
  payload: depreciacaoRelatorioPayload,
  retries: 2,
  handler: () => import('./depreciacao-relatorio-generate.handler'),
});
