import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, USER_MSG, type User, type UserCreate, type UserUpdate } from '@tombo/shared';
import { hashPassword } from '../../../auth/passwords';
import type { Db } from '../../../db/client';
import { municipalities, sectors, userSectors, users } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError, badRequest, conflict, isUniqueViolation } from '../../../http/errors';
import { revokeAllSessions, revokeLinks } from '../../auth';
import { presentUser, userRooms, type UserRow } from '../presenters';
import { presentUsers } from '../queries';

// The writes every user command shares, the municipal ones (users/commands) and the superuser's
// (superuser/commands): each caller first finds the row in its own tenancy.

type Hashed<T> = Omit<T, 'password'> &
  (T extends { password: string } ? { passwordHash: string } : { passwordHash?: string });
/** A new user: `invited` when their password is nobody's yet (they create it from an invitation's link). */
export type NewUser = Hashed<UserCreate> & { passwordHash: string; invited?: boolean };
export type UserChanges = Hashed<UserUpdate>;

/** The request with its password hashed: argon2 is slow, so it runs before the transaction. */
export async function hashed<T extends { password?: string }>(input: T): Promise<Hashed<T>> {
  const { password, ...rest } = input;
  return { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}) } as Hashed<T>;
}

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'users_email_uq')) throw conflict(MSG.users.emailTaken, 'DUPLICATE');
  throw err;
}

const isSuperuser = (role: string) => role === 'superuser';

/** A municipality the author does not belong to (the superuser names it) must exist: 404, locked meanwhile. */
async function requireMunicipality(tx: Db, out: Outbox, id: number | null): Promise<void> {
  if (id == null || id === out.actor?.municipalityId) return;
  const [m] = await tx
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .for('share');
  if (!m)
    throw new HttpError(404, 'NOT_FOUND', USER_MSG.municipalityNotFound, {
      municipalityId: USER_MSG.municipalityNotFound,
    });
}

/** Replaces the user's sectors with `ids`, which must all be sectors of `municipalityId` (422 otherwise). */
async function setSectors(tx: Db, userId: number, municipalityId: number | null, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found =
      municipalityId == null
        ? []
        : await tx
            .select({ id: sectors.id })
            .from(sectors)
            .where(and(eq(sectors.municipalityId, municipalityId), inArray(sectors.id, unique)));
    if (found.length !== unique.length)
      throw new HttpError(422, 'UNPROCESSABLE', USER_MSG.sectorNotFound, { sectorIds: USER_MSG.sectorNotFound });
  }
  await tx.delete(userSectors).where(eq(userSectors.userId, userId));
  if (unique.length > 0) await tx.insert(userSectors).values(unique.map((sectorId) => ({ userId, sectorId })));
}

/** Creates a user of `municipalityId` (null: a superuser, who alone has none) with their sectors. */
export async function insertUser(tx: Db, out: Outbox, municipalityId: number | null, input: NewUser): Promise<User> {
  if (isSuperuser(input.role) !== (municipalityId == null))
    throw new HttpError(422, 'UNPROCESSABLE', USER_MSG.roleMunicipality, { role: USER_MSG.roleMunicipality });
  await requireMunicipality(tx, out, municipalityId);
  const [row] = await tx
    .insert(users)
    .values({
      municipalityId,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      role: input.role,
      avatarUrl: input.avatarUrl ?? null,
      // a password typed by someone else is changed at the first sign-in
      mustChangePassword: !input.invited,
    })
    .returning()
    .catch(duplicate);
  await setSectors(tx, row.id, municipalityId, input.sectorIds ?? []);
  const user = presentUser(row, [...new Set(input.sectorIds ?? [])], false);
  await record(
    tx,
    out,
    {
      action: 'USER_CREATE',
      entityType: 'User',
      entityId: row.id,
      label: row.name,
      details: { new_value: { name: row.name, email: row.email, role: row.role } },
      municipalityId,
    },
    liveEvent(userRooms(user.id, municipalityId), 'user.created', user, municipalityId),
  );
  return user;
}

/**
 * Changes a user row its caller found and locked: fields, password (never one's own: that needs the
 * current one, PUT /auth/password), role, municipality (the superuser's callers only) and sectors.
 * A stale `version` is a 409; only the superuser has no municipality (400); moving to another
 * municipality drops the old one's sectors; a new password or role ends the user's sessions.
 */
export async function changeUser(tx: Db, out: Outbox, old: UserRow, input: UserChanges): Promise<User> {
  if (input.version !== old.version) throw conflict();
  if (input.passwordHash && old.id === out.actor?.id)
    throw badRequest(USER_MSG.ownPassword, { password: USER_MSG.ownPassword });
  const role = input.role ?? old.role;
  const municipalityId = input.municipalityId === undefined ? old.municipalityId : input.municipalityId;
  if (isSuperuser(role) !== (municipalityId == null)) {
    const field = municipalityId == null ? 'municipalityId' : 'role';
    const message = municipalityId == null ? USER_MSG.noMunicipality : USER_MSG.roleMunicipality;
    throw badRequest(message, { [field]: message });
  }
  const moved = municipalityId !== old.municipalityId;
  if (moved) await requireMunicipality(tx, out, municipalityId);
  const unlock = input.lockoutUntil === null || input.failedLoginAttempts === 0;
  const [row] = await tx
    .update(users)
    .set({
      name: input.name ?? old.name,
      email: input.email ?? old.email,
      role,
      municipalityId,
      avatarUrl: input.avatarUrl === undefined ? old.avatarUrl : input.avatarUrl,
      // a password set by an admin is theirs, not the user's: changed at the next sign-in; no invitation waits
      ...(input.passwordHash
        ? { passwordHash: input.passwordHash, mustChangePassword: true, invitationStatus: null }
        : {}),
      ...(unlock ? { lockoutUntil: null, failedLoginAttempts: 0 } : {}),
      updatedAt: new Date(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, old.id))
    .returning()
    .catch(duplicate);
  if (input.sectorIds || moved) await setSectors(tx, old.id, municipalityId, input.sectorIds ?? []);
  if (input.passwordHash) await revokeLinks(tx, old.id);
  if (input.passwordHash || role !== old.role) await revokeAllSessions(tx, old.id);
  const [user] = await presentUsers(tx, [row]);
  const changed = Object.entries(input)
    .filter(([k, v]) => v !== undefined && k !== 'version' && k !== 'passwordHash')
    .map(([k]) => k);
  const unlockOnly = unlock && changed.every((k) => k === 'lockoutUntil' || k === 'failedLoginAttempts');
  await record(
    tx,
    out,
    {
      action: unlockOnly ? 'USER_UNLOCK' : 'USER_UPDATE',
      entityType: 'User',
      entityId: old.id,
      label: row.name,
      details: {
        old_value: { name: old.name, email: old.email, role: old.role },
        new_value: {
          name: row.name,
          email: row.email,
          role: row.role,
          ...(input.passwordHash ? { password: 'alterada' } : {}),
        },
      },
      municipalityId: row.municipalityId,
    },
    // A user moved away is told to the old municipality's user managers too.
    liveEvent(
      [
        ...new Set([
          ...userRooms(user.id, row.municipalityId),
          ...(moved ? userRooms(user.id, old.municipalityId) : []),
        ]),
      ],
      'user.updated',
      user,
      row.municipalityId,
    ),
  );
  return user;
}

/** Deletes a user row its caller found and locked (never one's own: 422). */
export async function removeUser(tx: Db, out: Outbox, old: UserRow): Promise<void> {
  await tx.delete(users).where(eq(users.id, old.id));
  await record(
    tx,
    out,
    {
      action: 'USER_DELETE',
      entityType: 'User',
      entityId: old.id,
      label: old.name,
      details: { old_value: { name: old.name, email: old.email, role: old.role } },
      municipalityId: old.municipalityId,
    },
    liveEvent(userRooms(old.id, old.municipalityId), 'user.deleted', { id: old.id }, old.municipalityId),
  );
}

/** 422 when the author deletes themself. */
export function refuseSelfDelete(out: Outbox, id: number): void {
  if (id === out.actor?.id) throw new HttpError(422, 'UNPROCESSABLE', MSG.users.cannotDeleteSelf);
}
