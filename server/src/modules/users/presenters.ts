import { room, type User } from '@tombo/shared';
import { iso } from '../../db/owned';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Row → API shape of a user (HTTP answers and live events); never the password hash. */
export const presentUser = (r: UserRow, sectorIds: number[], twoFactorEnabled: boolean): User => ({
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
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** Who may read a user record: `users:read` holders of its municipality, the superusers, the user themself. */
export const userRooms = (id: number, municipalityId: number | null) =>
  municipalityId == null
    ? [room.user(id), room.superusers]
    : [room.users(municipalityId), room.user(id), room.superusers];
