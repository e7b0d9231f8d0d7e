/** Inventories: routes, access rules, live counting room, and the report query the print job renders. */
export { inventarioRoutes as routes } from './routes';
export { inventarioAccess as access } from './access';
export { attachInventarioLive } from './live';
export { loadInventarioReport, getResumo, type InventarioReport } from './report';
export { findInventario, getInventario, listItemById, visibleWhere, type InventarioHead } from './queries';
export { listRooms, inventarioUpdated } from './rooms';
