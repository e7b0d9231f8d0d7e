import { lazy } from 'react';
import type { PublicRoutes } from '../../lib/feature';

/** Sign-in, password recovery and an invitation's "Criar sua senha". */
export const publicRoutes: PublicRoutes = {
  '/login': lazy(() => import('./LoginPage')),
  '/esqueci-minha-senha': lazy(() => import('./ForgotPasswordPage')),
  '/redefinir-senha/:token': lazy(() => import('./ResetPasswordPage')),
  '/criar-senha/:token': lazy(() => import('./AcceptInvitationPage')),
};
