import type { Feature } from '../../lib/feature';

export { bootstrapSession, fetchMe, logout } from './api';
export { useChangePassword, useLogout } from './queries';
export { changePasswordForm, type ChangePasswordForm } from './passwordForms';
export type { LoginLocationState } from './loginTarget';
export { RecoveryCodes } from './RecoveryCodes';
export { SecretDisplay } from './TwoFactorStep';
export { AuthScreen } from './AuthScreen';
export { MustChangePassword } from './MustChangePassword';
export { ChangePasswordFields } from './ChangePasswordFields';

/** Sign-in, password recovery (their screens: public.ts) and the session's own account actions. */
export const feature: Feature = {};
