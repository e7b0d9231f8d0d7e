import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { documentKeys } from './keys';

/** General documents of the municipality (/ferramentas/documentos), updated live. */
export const feature: Feature = {
  mainRoutes: { '/ferramentas/documentos': lazy(() => import('./DocumentsPage')) },
};
