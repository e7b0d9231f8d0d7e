/** Depreciation under NBC TSP 07 (issue 14): the schedule of an asset on any date; docs/depreciation.md. */
export { depreciacaoRoutes as routes } from './routes';
export { depreciacaoDoPatrimonio, regrasDoMunicipio } from './queries';
