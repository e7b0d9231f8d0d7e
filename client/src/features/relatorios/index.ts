import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Reports (issue 11): generate with filters and saved configs, the browser preview, templates and the layout editor. */
export const feature: Feature = {
  mainRoutes: {
    '/relatorios': lazy(() => import('./RelatoriosPage')),
    '/relatorios/ver/:templateId': lazy(() => import('./ReportViewPage')),
    '/relatorios/templates': lazy(() => import('./TemplatesPage')),
    '/relatorios/templates/editor/:templateId': lazy(() => import('./editor/TemplateEditorPage')),
  },
};
export { useBusy } from './useBusy';
