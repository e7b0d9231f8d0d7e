import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The settings hub (/configuracoes): entry points to each settings screen. */
export const feature: Feature = {
  mainRoutes: { '/configuracoes': lazy(() => import('./SettingsHubPage')) },
};
