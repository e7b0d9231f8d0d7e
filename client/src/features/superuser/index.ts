import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** A superuser screen not built yet: its title and an empty state. */
export const SuperuserPlaceholderPage = lazy(() => import('./SuperuserPlaceholderPage'));

/** The superuser back office (/superuser). */
export const feature: Feature = {
  superuserRoutes: { '/superuser': lazy(() => import('./SuperuserDashboardPage')) },
};
