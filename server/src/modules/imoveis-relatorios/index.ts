/** Property reports (issue 13): imóvel report templates and the `imovel-report.generate` job (PDF, XLSX). */
import { imovelReportGenerateJob } from './jobs/imovel-report-generate';
export { imovelRelatorioRoutes as routes } from './routes';
export { imovelRelatorioAccess as access } from './access';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [imovelReportGenerateJob] as const;
/** The register's quick search (denominação, number, address), also used by the public consultation. */
export { imovelQuickSearch } from './data';
