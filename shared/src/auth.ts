import { z } from 'zod';
import { MSG } from './messages';
import type { Role } from './roles';

export const passwordSchema = z
  .string({ error: MSG.password.min })
  .min(8, { error: MSG.password.min })
  .max(200, { error: 'A senha deve ter no máximo 200 caracteres.' })
  .regex(/[a-z]/, { error: MSG.password.lower })
  .regex(/[A-Z]/, { error: MSG.password.upper })
  .regex(/[0-9]/, { error: MSG.password.digit })
  .regex(/[^A-Za-z0-9]/, { error: MSG.password.special });

/** New password + confirmation (spec §5): mismatch shown on confirmPassword. */
export const newPasswordForm = z
  .strictObject({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.password.mismatch, path: ['confirmPassword'] });

export const loginBody = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
});
export const refreshBody = z.strictObject({ refreshToken: z.string().min(10).max(500) });
export const logoutBody = z.strictObject({ refreshToken: z.string().min(10).max(500).optional() });
export const forgotPasswordBody = z.strictObject({
  email: z.email({ error: 'Informe um e-mail válido.' }).trim().toLowerCase(),
});
export const resetPasswordBody = z.strictObject({ token: z.string().min(10).max(500), password: passwordSchema });
/** Accepting an invitation: the link's token and the user's own new password. */
export const acceptInvitationBody = resetPasswordBody;
/** The token of an invitation link, as a path param. */
export const invitationTokenParam = z.strictObject({ token: z.string().min(10).max(500) });

/** What the "Criar sua senha" page shows of a live invitation. */
export interface InvitationInfo {
  name: string;
  email: string;
  municipalityName: string | null;
  expiresAt: string;
}
/** Own password change from /perfil and the superuser dialog: the current password is always required. */
export const changeOwnPasswordBody = z.strictObject({
  currentPassword: z.string({ error: 'Informe a senha atual.' }).min(1, { error: 'Informe a senha atual.' }).max(200),
  password: passwordSchema,
});

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  municipalityId: number | null;
  municipalityName: string | null;
  sectorIds: number[];
  permissions: string[];
  /**
   * The password was set by someone else (an admin, or generated at the first start): until the user changes
   * it (PUT /auth/password) every other call is refused with 403 PASSWORD_CHANGE_REQUIRED.
   */
  mustChangePassword: boolean;
}
export interface LoginResponse {
  user: SessionUser;
  token: string;
  refreshToken: string;
}
export interface RefreshResponse {
  token: string;
  refreshToken: string;
}
