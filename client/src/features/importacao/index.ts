import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

const ImportacaoPage = lazy(() => import('./ImportacaoPage'));

/**
 * The import wizard (issues 12 and 34.3): an existing register or an asset sheet, for every user who
 * registers assets (from the asset list); admins also reach it under Configurações.
 */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/importacao': ImportacaoPage, '/bens-cadastrados/importar': ImportacaoPage },
};
