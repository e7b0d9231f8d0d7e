import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { inventarioKeys } from './keys';

/** Inventories (issue 10): the list, the form, the live counting screen (offline-first), the summary and the printed report. */
export const feature: Feature = {
  mainRoutes: {
    '/inventarios': lazy(() => import('./InventariosPage')),
    '/inventarios/novo': lazy(() => import('./form/InventarioFormPage')),
    '/inventarios/editar/:id': lazy(() => import('./form/InventarioFormPage')),
    '/inventarios/:id': lazy(() => import('./counting/CountingPage')),
    '/inventarios/resumo/:id': lazy(() => import('./summary/SummaryPage')),
    '/inventarios/imprimir/:id': lazy(() => import('./print/PrintInventarioPage')),
  },
};
