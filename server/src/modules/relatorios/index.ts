/** Reports: templates, saved configs (own, schedulable), the preview and the `report.generate` job. */
export { relatorioRoutes as routes } from './routes';
export { relatorioAccess as access } from './access';
export { nextRun } from './schedule';
import { reportGenerateJob } from './jobs/report-generate';
import { reportsScheduledJob } from './jobs/reports-scheduled';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [reportGenerateJob, reportsScheduledJob] as const;
