import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Installation-wide asset form fields and export templates (/superuser/form-fields, /superuser/export-templates). */
export const feature: Feature = {
  superuserRoutes: {
    '/superuser/form-fields': lazy(() => import('./FormFieldsPage')),
    '/superuser/export-templates': lazy(() => import('./ExportTemplatesPage')),
  },
};
