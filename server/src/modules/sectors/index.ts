/** The sectors area: its routes, access rules, and what other areas may call. */
export { sectorRoutes as routes } from './routes';
export { sectorAccess as access } from './access';
export { listSectors } from './queries';
export { createSector } from './commands';
import { exportSectorsJob } from './jobs/export-sectors';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [exportSectorsJob] as const;
