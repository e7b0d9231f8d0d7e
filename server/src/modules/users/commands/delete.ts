import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import type { TenantScope } from '../../../tenancy/scope';
import { findUser } from '../queries';
import { refuseSelfDelete, removeUser } from './write';

/** Deletes a user of the scope's municipality (not oneself: 422). */
export async function deleteUser(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  refuseSelfDelete(out, id);
  await removeUser(tx, out, await findUser(tx, scope, id, true));
}
