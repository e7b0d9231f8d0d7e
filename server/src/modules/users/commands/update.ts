import { MSG, type User } from '@tombo/shared';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import { notFound } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { findUser } from '../queries';
import { changeUser, type UserChanges } from './write';

/**
 * Changes a user of the scope's municipality. The municipality stays (another one named in the body
 * is a 404), and nobody becomes or stays a superuser here (404, as for a record out of reach).
 */
export async function updateUser(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: UserChanges,
): Promise<User> {
  const old = await findUser(tx, scope, id, true);
  if ((input.role ?? old.role) === 'superuser' || old.role === 'superuser') throw notFound(MSG.users.notFound);
  if (input.municipalityId != null && input.municipalityId !== scope.municipalityId) throw notFound();
  const { municipalityId: _ignored, ...changes } = input;
  return changeUser(tx, out, old, changes);
}
