/** Maintenance tasks of properties: routes, access rules, the daily reminder job, and the dashboard's count. */
export { manutencaoRoutes as routes } from './routes';
export { manutencaoAccess as access } from './access';
export { countOverdueManutencoes } from './queries';
import { manutencoesAvisosJob } from './jobs/manutencoes-avisos';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [manutencoesAvisosJob] as const;
