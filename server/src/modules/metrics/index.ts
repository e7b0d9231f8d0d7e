/** Prometheus metrics (`GET /api/metrics`, METRICS_TOKEN): requests by route, queue depth, job durations, sockets. */
export { metricsRoutes as routes } from './routes';
export { metricsOf, requestMetrics, watchSockets } from './registry';
