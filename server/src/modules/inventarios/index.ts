/** Inventories: routes, access rules, live counting room, the report query and its print job. */
import { printInventarioJob } from './jobs/print-inventario';
import { printRoutes } from './jobs/print-route';
import { inventarioRoutes } from './routes';

/** The area's routes: the register and counting, and the report's print job. */
export const routes = [...inventarioRoutes, ...printRoutes];
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [printInventarioJob] as const;
export { inventarioAccess as access } from './access';
export { attachInventarioLive } from './live';
export { loadInventarioReport, getResumo, type InventarioReport } from './report';
export { findInventario, getInventario, listItemById, visibleWhere, type InventarioHead } from './queries';
export { listRooms, inventarioUpdated } from './rooms';
export { listInventarios } from './queries';
