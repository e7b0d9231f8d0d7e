import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Bringing an existing register in (issue 12): the import wizard of other systems' exports (admin). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/importacao': lazy(() => import('./ImportacaoPage')) },
};
