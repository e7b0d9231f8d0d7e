import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Analyses of the register (issue 14): by sector, by type and over time, with drill-down into the asset list. */
export const feature: Feature = {
  mainRoutes: {
    '/analise/setor': lazy(() => import('./AnaliseSetorPage')),
    '/analise/tipo': lazy(() => import('./AnaliseTipoPage')),
    '/analise/temporal': lazy(() => import('./AnaliseTemporalPage')),
  },
};
