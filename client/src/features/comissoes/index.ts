import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Standing patrimonial commissions (issue 37): who counts, who values, who writes off, by act and term. */
export const feature: Feature = {
  mainRoutes: { '/comissoes': lazy(() => import('./ComissoesPage')) },
};
