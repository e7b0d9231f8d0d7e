import { lazy } from 'react';
import type { Feature } from '../../lib/feature';
import { live } from './live';

export { useAuditLogs } from './queries';
export { actionLabel, entityLabel } from './labels';

/** The municipality's activity log (/registros-de-atividade). */
export const feature: Feature = {
  mainRoutes: { '/registros-de-atividade': lazy(() => import('./AuditLogPage')) },
  live,
};
