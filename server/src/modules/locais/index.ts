/** The locations area: its routes, access rules, and what other areas may call. */
export { localRoutes as routes } from './routes';
export { localAccess as access } from './access';
export { listLocais } from './queries';
