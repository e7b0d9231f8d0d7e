/** The real-estate register (issue 13): routes, access rules, and what other areas (maintenance, reports, search) reuse. */
export { imovelRoutes as routes } from './routes';
export { imovelAccess as access } from './access';
export { findImovel, getImovel, imovelWhere, imovelOrder, listImovelFields } from './queries';
export { assertWritable as assertImovelWritable } from './commands';
export { toImovelListItem, toImovelArquivo } from './presenters';
export { imovelFiles } from './files';
export { addImovelHistory } from './history';
import { exportImoveisJob } from './jobs/export-imoveis';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [exportImoveisJob] as const;
