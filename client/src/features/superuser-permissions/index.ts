import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The role → permission matrix of spec §6 (/superuser/permissions). */
export const feature: Feature = {
  superuserRoutes: { '/superuser/permissions': lazy(() => import('./PermissionsPage')) },
};
