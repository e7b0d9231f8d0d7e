import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { useIdleTimeoutMs, useSessionPolicy } from './queries';

/** The municipality's security policy (/configuracoes/seguranca). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/seguranca': lazy(() => import('./SecurityPage')) },
};
