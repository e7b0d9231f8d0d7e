/** The dashboard area: its routes (figures only, nothing to change, so no access rules). */
export { dashboardRoutes as routes } from './routes';
export { assetStats } from './queries';
