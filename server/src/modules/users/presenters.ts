import { room, type User } from '@tombo/shared';
import { iso } from '../../db/owned';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Where the user's invitation stands, from its status and the expiry of its newest live link. */
function invitationOf(r: UserRow, linkExpiresAt: Date | null): User['invitation'] {
  if (r.invitationStatus === 'revoked') return 'revoked';
  if (r.invitationStatus !== 'pending') return null;
  return linkExpiresAt && linkExpiresAt > new Date() ? 'pending' : 'expired';
}

/** Row → API shape of a user (HTTP answers and live events); never the password hash. */
export const presentUser = (
  r: UserRow,
  sectorIds: number[],
  twoFactorEnabled: boolean,
  linkExpiresAt: Date | null = null,
): User => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role as User['role'],
  avatarUrl: r.avatarUrl,
  municipalityId: r.municipalityId,
  sectorIds,
  lockoutUntil: iso(r.lockoutUntil),
  failedLoginAttempts: r.failedLoginAttempts,
  twoFactorEnabled,
  invitation: invitationOf(r, linkExpiresAt),
  invitationExpiresAt: invitationOf(r, linkExpiresAt) === 'pending' ? iso(linkExpiresAt) : null,
  mustChangePassword: r.mustChangePassword,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** Who may read a user record: `users:read` holders of its municipality, the superusers, the user themself. */
export const userRooms = (id: number, municipalityId: number | null) =>
  municipalityId == null
    ? [room.user(id), room.superusers]
    : [room.users(municipalityId), room.user(id), room.superusers];
