import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { RecentActivity } from './RecentActivity';

/** The municipality's activity log (/registros-de-atividade) and the 'Atividade Recente' feed. */
export const feature: Feature = {
  mainRoutes: { '/registros-de-atividade': lazy(() => import('./AuditLogPage')) },
};
