import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

const PublicConsultationPage = lazy(() => import('./PublicConsultationPage'));

/** Public consultation of the register (no sign-in). */
export const feature: Feature = {
  publicRoutes: {
    '/consulta-publica': PublicConsultationPage,
    '/consulta-publica/bem/:numero': PublicConsultationPage,
    '/consulta-publica/:id': PublicConsultationPage,
    '/consulta-publica/imovel/:id': PublicConsultationPage,
  },
};
