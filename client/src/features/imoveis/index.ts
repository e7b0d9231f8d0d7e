import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { imovelKeys } from './keys';
export { useImovel, useImovelFields } from './queries';
export { SituacaoChip } from './SituacaoChip';

const ImovelFormPage = lazy(() => import('./ImovelFormPage'));

/** The real-estate register (imóveis): list, record, create / edit, custom fields, import and export. */
export const feature: Feature = {
  mainRoutes: {
    '/imoveis': lazy(() => import('./list/ImoveisListPage')),
    '/imoveis/novo': ImovelFormPage,
    '/imoveis/editar/:id': ImovelFormPage,
    '/imoveis/ver/:id': lazy(() => import('./ImovelViewPage')),
    '/imoveis/campos': lazy(() => import('./CamposPage')),
  },
};
