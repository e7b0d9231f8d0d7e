import { lazy } from 'react';
import type { PublicRoutes } from '../../lib/feature';

/** Sign-in and password recovery. */
export const publicRoutes: PublicRoutes = {
  '/login': lazy(() => import('./LoginPage')),
  '/esqueci-minha-senha': lazy(() => import('./ForgotPasswordPage')),
  '/redefinir-senha/:token': lazy(() => import('./ResetPasswordPage')),
};
