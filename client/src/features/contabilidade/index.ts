import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Accounting (/contabilidade, issue 36): the entries, the chart of accounts, the types' accounts and the deadline. */
export const feature: Feature = {
  mainRoutes: { '/contabilidade': lazy(() => import('./ContabilidadePage')) },
};
