/** The asset-types area: its routes, access rules, and what other areas may call. */
export { tipoBemRoutes as routes } from './routes';
export { tipoBemAccess as access } from './access';
export { listTiposBens } from './queries';
export { seedTiposBensPadrao } from './seed';
