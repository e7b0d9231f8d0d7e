/** Reports: templates, saved configs (own, schedulable), the preview and the `report.generate` job. */
export { relatorioRoutes as routes } from './routes';
export { relatorioAccess as access } from './access';
export { nextRun } from './schedule';
import { reportGenerateJob } from './jobs/report-generate';
import { reportsScheduledJob } from './jobs/reports-scheduled';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [reportGenerateJob, reportsScheduledJob] as const;
/** The PDF engine, for other row sources (the property reports). */
export { reportFooter, reportHtml, type ReportColumn } from './report-html';
export { slug as reportFileSlug } from './file-name';
