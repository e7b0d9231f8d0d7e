import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { StatusChip } from './StatusChip';
export { COLUMN_LABELS } from './labels';
export { PAGE_SIZES } from '../../components/register';
export { AuthImage, apiPath } from './AuthImage';
export { FileQueue, type QueuedFile, type StoredFile } from './FileQueue';
export { DocumentsPanel, PhotosPanel } from './FilesPanels';
export { HistoryTable } from './HistoryTable';
export { RecordFiles, uploadFailureText, useUploadQueue } from './RecordFiles';

const PatrimonioFormPage = lazy(() => import('./PatrimonioFormPage'));

/** The asset register (bens móveis): list, record, create / edit, bulk creation, import and export. */
export const feature: Feature = {
  mainRoutes: {
    '/bens-cadastrados': lazy(() => import('./list/PatrimoniosListPage')),
    '/bens-cadastrados/novo': PatrimonioFormPage,
    '/bens-cadastrados/editar/:id': PatrimonioFormPage,
    '/bens-cadastrados/novo-lote': lazy(() => import('./PatrimonioLotePage')),
    '/bens-cadastrados/ver/:id': lazy(() => import('./PatrimonioViewPage')),
  },
};
