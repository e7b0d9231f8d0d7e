/** Depreciation under NBC TSP 07 (issue 14): the schedule of an asset on any date; docs/depreciation.md. */
export { depreciacaoRoutes as routes } from './routes';
export { depreciacaoDoPatrimonio, regrasDoMunicipio } from './queries';
export { ultimaFechada } from './fechamentos';
export { valorContabilSql } from './valor-contabil';
export { paraEventoValor } from './presenters';
import { depreciacaoFechamentoJob } from './jobs/depreciacao-fechamento';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [depreciacaoFechamentoJob] as const;
