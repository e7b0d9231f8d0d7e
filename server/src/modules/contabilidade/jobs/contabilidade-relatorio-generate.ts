import type { z } from 'zod';
import { contabilidadeRelatorioBody } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** What the paper covers and its format: the request's body as validated. */
export type ContabilidadeRelatorioPayload = z.output<typeof contabilidadeRelatorioBody>;

/** `contabilidade-relatorio.generate`: the monthly statement, the journal or a ledger as PDF (Chromium) or XLSX. */
export const contabilidadeRelatorioGenerateJob = defineJob({
  name: 'contabilidade-relatorio.generate',
  owner: 'user',
  payload: contabilidadeRelatorioBody,
  retries: 2,
  handler: () => import('./contabilidade-relatorio-generate.handler'),
});
