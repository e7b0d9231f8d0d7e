import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { catalogKeys } from './keys';
export { byName, useFormas, useFormFields, useTipos } from './queries';
export { FieldDialog } from './FormFieldsEditor';
export { FieldList } from './FieldList';
export { createField, updateTipo } from './api';

/** Asset catalogues: types, acquisition forms, numbering pattern and the asset form's fields. */
export const feature: Feature = {
  mainRoutes: {
    '/configuracoes/tipos': lazy(() => import('./TiposBensPage')),
    '/configuracoes/formas-aquisicao': lazy(() => import('./FormasAquisicaoPage')),
    '/configuracoes/numeracao-bens': lazy(() => import('./NumeracaoBensPage')),
  },
};
