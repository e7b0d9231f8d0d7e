import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** A superuser screen not built yet: its title and an empty state. */

/** The superuser back office (/superuser). */
export const feature: Feature = {
  superuserRoutes: {
    '/superuser': lazy(() => import('./SuperuserDashboardPage')),
    '/superuser/municipalities': lazy(() => import('./MunicipalitiesPage')),
    '/superuser/users': lazy(() => import('./SuperuserUsersPage')),
    '/superuser/assets-by-user': lazy(() => import('./AssetsByUserPage')),
    '/superuser/system-information': lazy(() => import('./SystemInformationPage')),
    '/superuser/public-search': lazy(() => import('./PublicSearchPage')),
    '/superuser/security': lazy(() => import('./SuperuserSecurityPage')),
  },
};
