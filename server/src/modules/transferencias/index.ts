/** Transfers and donations with approval: routes, access rules, the report's export job. */
export { transferRoutes as routes } from './routes';
export { transferAccess as access } from './access';
import { exportTransferenciasJob } from './jobs/export-transferencias';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [exportTransferenciasJob] as const;
export { listTransferencias } from './queries';
