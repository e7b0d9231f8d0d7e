import { eq, sql } from 'drizzle-orm';
import { SECURITY_MSG, SUPERUSER_MSG, USER_MSG, room, type SuperuserUserUpdate, type User } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { municipalities, users } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError, notFound } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';
import { resetTwoFactor, revokeAllSessions } from '../../auth';
import {
  changeUser,
  insertUser,
  presentUsers,
  refuseSelfDelete,
  removeUser,
  revokeInvitation,
  startInvitation,
  userRooms,
  type NewUser,
  type UserChanges,
} from '../../users';
import { lockAnyUser } from '../queries';

/** A lock set by the superuser lasts until someone unlocks the user. */
const LOCKED_FOR_GOOD = new Date('9999-12-31T00:00:00Z');

/** A user of the municipality the body names (which must exist), or without one a superuser. */
export function createAnyUser(tx: Db, out: Outbox, _all: AllMunicipalities, input: NewUser): Promise<User> {
  return insertUser(tx, out, input.municipalityId ?? null, input);
}

/**
 * Changes any user. Moving a user to another municipality is refused (422): their history, sectors
 * and assets belong to the old one, so the user is created again in the other. `locked` locks the
 * account until unlocked (and ends its sessions) or unlocks it.
 */
export async function updateAnyUser(
  tx: Db,
  out: Outbox,
  all: AllMunicipalities,
  id: number,
  input: UserChanges & Pick<SuperuserUserUpdate, 'locked'>,
): Promise<User> {
  const old = await lockAnyUser(tx, all, id);
  const { locked, ...changes } = input;
  const target = changes.municipalityId;
  if (target != null && target !== old.municipalityId) {
    // an unknown municipality stays a 404; an existing one is a move, refused
    const [m] = await tx.select({ id: municipalities.id }).from(municipalities).where(eq(municipalities.id, target));
    if (!m)
      throw new HttpError(404, 'NOT_FOUND', USER_MSG.municipalityNotFound, {
        municipalityId: USER_MSG.municipalityNotFound,
      });
    throw new HttpError(422, 'UNPROCESSABLE', SUPERUSER_MSG.moveRefused, { municipalityId: SUPERUSER_MSG.moveRefused });
  }
  if (locked && old.id === out.actor?.id)
    throw new HttpError(422, 'UNPROCESSABLE', SUPERUSER_MSG.selfLock, { locked: SUPERUSER_MSG.selfLock });
  const unlock = locked === false ? { lockoutUntil: null, failedLoginAttempts: 0 as const } : {};
  const user = await changeUser(tx, out, old, { ...changes, ...unlock });
  if (!locked) return user;
  return lockUser(tx, out, user);
}

async function lockUser(tx: Db, out: Outbox, user: User): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({ lockoutUntil: LOCKED_FOR_GOOD, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await revokeAllSessions(tx, user.id);
  const [locked] = await presentUsers(tx, [row]);
  await record(
    tx,
    out,
    {
      action: 'USER_LOCK',
      entityType: 'User',
      entityId: user.id,
      label: row.name,
      details: 'Conta bloqueada pelo superusuário até ser desbloqueada.',
      municipalityId: row.municipalityId,
    },
    liveEvent(
      [room.superusers, room.user(row.id), ...(row.municipalityId == null ? [] : [room.users(row.municipalityId)])],
      'user.updated',
      locked,
      row.municipalityId,
    ),
  );
  return locked;
}

/** Deletes any user but oneself (422). */
export async function deleteAnyUser(tx: Db, out: Outbox, all: AllMunicipalities, id: number): Promise<void> {
  refuseSelfDelete(out, id);
  await removeUser(tx, out, await lockAnyUser(tx, all, id));
}

/** A new invitation ("Criar sua senha" link) for any user, the old link ended; the caller mails it after the commit. */
export async function inviteAnyUser(tx: Db, out: Outbox, all: AllMunicipalities, id: number) {
  return startInvitation(tx, out, await lockAnyUser(tx, all, id));
}

/** "Revogar convite" from the back office: any user's waiting invitation (422 without one). */
export async function revokeAnyInvitation(tx: Db, out: Outbox, all: AllMunicipalities, id: number, unusable: string) {
  return revokeInvitation(tx, out, await lockAnyUser(tx, all, id), unusable);
}

/**
 * Turns off any other user's two-step sign-in (a lost phone): 404 when it is off; one's own goes through
 * the profile, with the password (422). The lists hear `user.updated`.
 */
export async function resetAnyUserTwoFactor(tx: Db, out: Outbox, all: AllMunicipalities, id: number): Promise<User> {
  if (id === out.actor?.id)
    throw new HttpError(422, 'UNPROCESSABLE', SUPERUSER_MSG.selfTwoFactorReset, {
      id: SUPERUSER_MSG.selfTwoFactorReset,
    });
  const row = await lockAnyUser(tx, all, id);
  if (!(await resetTwoFactor(tx, out, all, id, row.municipalityId))) throw notFound(SECURITY_MSG.twoFactorNotEnabled);
  const [user] = await presentUsers(tx, [row]);
  await record(
    tx,
    out,
    null,
    liveEvent(userRooms(row.id, row.municipalityId), 'user.updated', user, row.municipalityId),
  );
  return user;
}
