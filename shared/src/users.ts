import { z } from 'zod';
import { ROLES, type Role } from './roles';
import { passwordSchema } from './auth';
import { idNumber, trimmed, version } from './common';

const roleSchema = z.enum(ROLES, { error: 'Perfil inválido.' });
const email = z.email({ error: 'Informe um e-mail válido.' }).trim().toLowerCase().max(254);

/**
 * A new user. Without `password` the user is invited: they get an e-mail with a one-use link to create
 * their own password. A typed password is someone else's: the user must change it at the first sign-in.
 */
export const userCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  email,
  password: passwordSchema.optional(),
  role: roleSchema,
  avatarUrl: z.string().max(2000).nullable().optional(),
  sectorIds: z.array(idNumber('Setor inválido.')).max(200).optional(),
  /** Only the superuser may set it; everyone else's users belong to their own municipality. */
  municipalityId: idNumber('Município inválido.').nullable().optional(),
});
export const userUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  email: email.optional(),
  password: passwordSchema.optional(),
  role: roleSchema.optional(),
  avatarUrl: z.string().max(2000).nullable().optional(),
  sectorIds: z.array(idNumber('Setor inválido.')).max(200).optional(),
  lockoutUntil: z.null().optional(),
  failedLoginAttempts: z.literal(0).optional(),
  municipalityId: idNumber('Município inválido.').nullable().optional(),
  version,
});
export type UserCreate = z.infer<typeof userCreateBody>;
export type UserUpdate = z.infer<typeof userUpdateBody>;

/** pt-BR messages of the users area that the server answers. */
export const USER_MSG = {
  /** One's own password changes only with the current one (profile), never through the users screen. */
  ownPassword: 'Para alterar a sua própria senha, use "Alterar senha" no seu perfil (a senha atual é exigida).',
  /** Only the superuser has no municipality, and the superuser has none. */
  roleMunicipality: 'Perfil incompatível com o município.',
  noMunicipality: 'Informe o município: só o superusuário fica sem município.',
  sectorNotFound: 'Setor não encontrado.',
  municipalityNotFound: 'Município não encontrado.',
  invitationSent: 'Convite enviado por e-mail.',
  invitationRevoked: 'Convite revogado. O usuário só poderá entrar depois de um novo convite.',
  /** Revoking needs an invitation still waiting (pending or expired). */
  noInvitation: 'Este usuário não tem convite pendente.',
} as const;

/**
 * Where a user's invitation stands: `pending` (a live link), `expired` (the link's time ran out), `revoked`
 * (an admin revoked it: no sign-in until invited again); null once the user created a password.
 */
export const INVITATION_STATES = ['pending', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  pending: 'Convite pendente',
  expired: 'Convite expirado',
  revoked: 'Convite revogado',
};

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  municipalityId: number | null;
  sectorIds: number[];
  lockoutUntil: string | null;
  failedLoginAttempts: number;
  /** Two-step sign-in is on (an admin may reset it: DELETE /api/users/:id/2fa). */
  twoFactorEnabled: boolean;
  /** The invitation's state (null: the user has a password of their own or was never invited). */
  invitation: InvitationState | null;
  /** When the live invitation link expires (null without one). */
  invitationExpiresAt: string | null;
  /** The password was set by someone else: it must be changed at the next sign-in. */
  mustChangePassword: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}
