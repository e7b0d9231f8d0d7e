import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

const DashboardPage = lazy(() => import('./DashboardPage'));

/** The unified dashboard with its widgets, at every role's home path. */
export const feature: Feature = {
  mainRoutes: {
    '/': DashboardPage,
    '/dashboard': DashboardPage,
    '/dashboard/admin': DashboardPage,
    '/dashboard/supervisor': DashboardPage,
    '/dashboard/usuario': DashboardPage,
    '/dashboard/visualizador': DashboardPage,
  },
};
