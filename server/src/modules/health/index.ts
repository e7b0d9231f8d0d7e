/** The health area: one public route, no data of any municipality. */
export { healthRoutes as routes } from './routes';
