import type { Db } from '../../../db/client';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import type { TenantScope } from '../../../tenancy/scope';
import { resetTwoFactor } from '../../auth';
import { userRooms } from '../presenters';
import { findUser, presentUsers } from '../queries';

/**
 * An admin turns off a user's two-step sign-in (a lost phone and lost recovery codes): the user signs in
 * with the password again. The users lists hear `user.updated`. False when it was off.
 */
export async function resetUserTwoFactor(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<boolean> {
  const row = await findUser(tx, scope, id, true);
  if (!(await resetTwoFactor(tx, out, scope, id))) return false;
  const [user] = await presentUsers(tx, [row]);
  await record(tx, out, null, liveEvent(userRooms(row.id, row.municipalityId), 'user.updated', user));
  return true;
}
