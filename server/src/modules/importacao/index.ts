/**
 * Bringing an existing register in (issue 12): another system's export uploaded, its columns and
 * values mapped, analysed (every bad row in pt-BR) and imported in one job, numbers kept.
 */
export { importacaoAccess as access } from './access';
export { importacaoRoutes as routes } from './routes';
import { importacaoAnaliseJob } from './jobs/importacao-analise';
import { importacaoBensJob } from './jobs/importacao-bens';
import { importacaoCleanupJob } from './jobs/importacao-cleanup';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [importacaoAnaliseJob, importacaoBensJob, importacaoCleanupJob] as const;
