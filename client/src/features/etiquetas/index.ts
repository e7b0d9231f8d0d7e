import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Labels (issue 11): label templates and their editor in mm, and label generation (sheets, thermal, ZPL, EPL). */
export const feature: Feature = {
  mainRoutes: {
    '/etiquetas/templates': lazy(() => import('./TemplatesPage')),
    '/etiquetas/templates/editor/:templateId': lazy(() => import('./EditorPage')),
    '/gerar-etiquetas': lazy(() => import('./GerarEtiquetasPage')),
  },
};
