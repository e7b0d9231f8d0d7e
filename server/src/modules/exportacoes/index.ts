/** Data export (/exportacao): export templates, the export job. */
import { exportDadosJob } from './jobs/export-dados';
export { exportacaoRoutes as routes } from './routes';
export { exportacaoAccess as access } from './access';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [exportDadosJob] as const;
