import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { PrintFichaButton } from './PrintFichaButton';

/** Record-sheet templates (/gerenciador-fichas, novo, editor/:id) and "Imprimir ficha" on the asset view. */
export const feature: Feature = {
  mainRoutes: {
    '/gerenciador-fichas': lazy(() => import('./FichasPage')),
    '/gerenciador-fichas/novo': lazy(() => import('./FichaEditorPage')),
    '/gerenciador-fichas/editor/:id': lazy(() => import('./FichaEditorPage')),
  },
};
