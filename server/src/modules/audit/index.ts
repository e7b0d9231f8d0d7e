/** The activity log area: its routes (no object access rules: entries are listed, never addressed by id). */
export { auditRoutes as routes } from './routes';
export { audit, auditMany, record, recordMany, type AuditEntry } from './record';
