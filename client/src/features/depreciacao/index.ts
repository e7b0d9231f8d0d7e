import { lazy } from 'react';
import type { Feature } from '../../lib/feature';
import { live } from './live';

/** Depreciation of one asset (/depreciacao): figures on a date, the monthly schedule, revaluations and impairments. */
export const feature: Feature = {
  mainRoutes: { '/depreciacao': lazy(() => import('./DepreciacaoPage')) },
  live,
};
