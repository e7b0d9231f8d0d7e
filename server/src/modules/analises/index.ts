/** Analyses of the register (issue 14): by sector, by type and over time; figures only, nothing to change. */
export { analiseRoutes as routes } from './routes';
export { analisePorGrupo, analiseTemporal, grupoSql, periodoDe, temporalSql } from './queries';
