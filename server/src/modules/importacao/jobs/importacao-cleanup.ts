import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

const importacaoCleanupPayload = z.strictObject({});
export type ImportacaoCleanupPayload = z.output<typeof importacaoCleanupPayload>;

/**
 * Hourly: removes the files of uploads finished or abandoned more than IMPORTACAO_FILE_RETENTION_DAYS
 * (7) days ago and marks them 'expirada' (cleanup.ts). System work: no `jobs` row of its own.
 */
export const importacaoCleanupJob = defineJob({
  name: 'importacao.cleanup',
  owner: 'system',
  payload: importacaoCleanupPayload,
  retries: 2,
  schedule: { every: 60 * 60_000 },
  handler: () => import('./importacao-cleanup.handler'),
});
