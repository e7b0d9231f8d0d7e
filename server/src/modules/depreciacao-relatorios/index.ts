/** Depreciation reports (issue 14, /relatorios/depreciacao): the data route and the PDF/XLSX job. */
import { depreciacaoRelatorioGenerateJob } from './jobs/depreciacao-relatorio-generate';
export { depreciacaoRelatorioRoutes as routes } from './routes';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [depreciacaoRelatorioGenerateJob] as const;
