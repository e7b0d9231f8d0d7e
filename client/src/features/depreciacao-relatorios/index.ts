import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Depreciation reports (/relatorios/depreciacao): by period, type, sector, book value on a date, value events. */
export const feature: Feature = {
  mainRoutes: { '/relatorios/depreciacao': lazy(() => import('./DepreciacaoRelatoriosPage')) },
};
