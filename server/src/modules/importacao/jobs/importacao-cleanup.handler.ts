import type { SystemJobHandler } from '../../../jobs/define';
import { removeExpiredImportacoes } from '../cleanup';
import type { ImportacaoCleanupPayload } from './importacao-cleanup';

/** The scheduled sweep: a failure is logged by the runner and retried per the definition. */
export const run: SystemJobHandler<ImportacaoCleanupPayload> = async (ctx) => {
  await removeExpiredImportacoes(ctx);
};
