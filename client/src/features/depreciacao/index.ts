import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { competenciaBR, maskCompetenciaBR, parseCompetenciaBR } from './format';
export { RegrasDepreciacao } from './RegrasForm';

/**
 * Depreciation (/depreciacao): one asset's figures on a date, its schedule, revaluations and impairments, the
 * monthly close; /dashboard/depreciacao: the municipality's figures by type, sector and month.
 */
export const feature: Feature = {
  mainRoutes: {
    '/depreciacao': lazy(() => import('./DepreciacaoPage')),
    '/dashboard/depreciacao': lazy(() => import('./DashboardDepreciacaoPage')),
  },
};
