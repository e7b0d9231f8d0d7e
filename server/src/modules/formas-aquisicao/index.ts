/** The acquisition-forms area: its routes, access rules, and what other areas may call. */
export { formaAquisicaoRoutes as routes } from './routes';
export { formaAquisicaoAccess as access } from './access';
export { listFormasAquisicao } from './queries';
