import { lazy } from 'react';
import type { Feature } from '../../lib/feature';
import { live } from './live';

export { useCustomization } from './queries';

/** Branding, theme and login customization (/configuracoes/personalizacao). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/personalizacao': lazy(() => import('./PersonalizationPage')) },
  live,
};
