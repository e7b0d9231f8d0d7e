import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { TwoFactorSection } from './TwoFactorSection';
export { SessionsSection } from './SessionsSection';

/** The signed-in user's own profile and password (/perfil). */
export const feature: Feature = {
  mainRoutes: { '/perfil': lazy(() => import('./ProfilePage')) },
};
