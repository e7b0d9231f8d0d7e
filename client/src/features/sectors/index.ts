import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { sectorKeys } from './keys';
export { sortByName, useSectors } from './queries';

/** Sectors of the municipality (/configuracoes/setores). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/setores': lazy(() => import('./SectorsPage')) },
};
