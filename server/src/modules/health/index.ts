/** The health area: liveness and readiness, public, no data of any municipality. */
export { healthRoutes as routes } from './routes';
export { workerFacts } from './readiness';
