import { lazy } from 'react';
import type { Feature } from '../../lib/feature';
import { live } from './live';

export { bootstrapSession, fetchMe, logout } from './api';
export { useChangePassword, useLogout } from './queries';
export { changePasswordForm, type ChangePasswordForm } from './passwordForms';
export type { LoginLocationState } from './loginTarget';
export { RecoveryCodes } from './RecoveryCodes';
export { SecretDisplay } from './TwoFactorStep';
export { AuthScreen } from './AuthScreen';

/** Sign-in, password recovery and the session's own account actions. */
export const feature: Feature = {
  publicRoutes: {
    '/login': lazy(() => import('./LoginPage')),
    '/esqueci-minha-senha': lazy(() => import('./ForgotPasswordPage')),
    '/redefinir-senha/:token': lazy(() => import('./ResetPasswordPage')),
  },
  live,
};
