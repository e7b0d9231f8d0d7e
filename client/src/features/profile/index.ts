import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The signed-in user's own profile and password (/perfil). */
export const feature: Feature = {
  mainRoutes: { '/perfil': lazy(() => import('./ProfilePage')) },
};
