import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Data export (/exportacao): assets to XLSX or CSV with an export template; the templates' editor. */
export const feature: Feature = {
  mainRoutes: { '/exportacao': lazy(() => import('./ExportacaoPage')) },
};
/** The template editor, reused by the superuser's installation-wide templates. */
export { TemplateDialog, type ColumnChoice } from './TemplateDialog';
