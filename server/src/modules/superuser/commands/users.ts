import type { User } from '@tombo/shared';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import type { AllMunicipalities } from '../../../tenancy/scope';
import { changeUser, insertUser, refuseSelfDelete, removeUser, type NewUser, type UserChanges } from '../../users';
import { lockAnyUser } from '../queries';

/** A user of the municipality the body names (which must exist), or without one a superuser. */
export function createAnyUser(tx: Db, out: Outbox, _all: AllMunicipalities, input: NewUser): Promise<User> {
  return insertUser(tx, out, input.municipalityId ?? null, input);
}

/** Changes any user, their municipality too (only a superuser has none; a move drops the old sectors). */
export async function updateAnyUser(
  tx: Db,
  out: Outbox,
  all: AllMunicipalities,
  id: number,
  input: UserChanges,
): Promise<User> {
  return changeUser(tx, out, await lockAnyUser(tx, all, id), input);
}

/** Deletes any user but oneself (422). */
export async function deleteAnyUser(tx: Db, out: Outbox, all: AllMunicipalities, id: number): Promise<void> {
  refuseSelfDelete(out, id);
  await removeUser(tx, out, await lockAnyUser(tx, all, id));
}
