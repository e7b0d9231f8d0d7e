import { lazy } from 'react';
import type { PublicRoutes } from '../../lib/feature';

const PublicConsultationPage = lazy(() => import('./PublicConsultationPage'));

/** Public consultation of the register (no sign-in). */
export const publicRoutes: PublicRoutes = {
  '/consulta-publica': PublicConsultationPage,
  '/consulta-publica/bem/:numero': PublicConsultationPage,
  '/consulta-publica/:id': PublicConsultationPage,
  '/consulta-publica/imovel/:id': PublicConsultationPage,
};
