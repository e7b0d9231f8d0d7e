import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { locaisKeys } from './keys';
export { useLocais } from './queries';

/** Places (locais) inside sectors (/locais). */
export const feature: Feature = {
  mainRoutes: { '/locais': lazy(() => import('./LocaisPage')) },
};
