/** The standing commissions area (issue 37): its routes, access rules, and what other areas may call. */
export { comissaoRoutes as routes } from './routes';
export { comissaoAccess as access } from './access';
export { comissaoQueAtua, listMembrosPossiveis } from './queries';
