import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Property report templates (issue 13): the list with 'Gerar' (PDF/XLSX) and the editor. */
export const feature: Feature = {
  mainRoutes: {
    '/imoveis/relatorios/templates': lazy(() => import('./ImovelTemplatesPage')),
    '/imoveis/relatorios/templates/novo': lazy(() => import('./ImovelTemplateEditorPage')),
    '/imoveis/relatorios/templates/editar/:templateId': lazy(() => import('./ImovelTemplateEditorPage')),
  },
};
