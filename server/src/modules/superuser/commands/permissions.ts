import { eq } from 'drizzle-orm';
import { PERMISSIONS_MSG, SUPERUSER_ONLY_PERMISSIONS, room, type Permission, type Role } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { rolePermissions } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';

/**
 * 400 for a matrix that would lock the back office: the superuser role must keep its two permissions
 * (else nobody could ever edit roles again) and no other role may take them.
 */
function checkMatrix(role: Role, permissions: readonly Permission[]): void {
  const has = (p: Permission) => permissions.includes(p);
  if (role === 'superuser' && !SUPERUSER_ONLY_PERMISSIONS.every(has))
    throw badRequest(PERMISSIONS_MSG.superuserLocked, { permissions: PERMISSIONS_MSG.superuserLocked });
  if (role !== 'superuser' && SUPERUSER_ONLY_PERMISSIONS.some(has))
    throw badRequest(PERMISSIONS_MSG.superuserOnly, { permissions: PERMISSIONS_MSG.superuserOnly });
}

/**
 * Replaces a role's permissions everywhere. The principal cache of every node drops its entries on
 * the commit (trigger of migration 0008), so the next request of any holder already sees the new list;
 * each node then re-derives its sockets' principals and sends `session.permissions` to those whose list
 * changed (`realtime/socket.ts`). The superusers' open matrices hear `permissions.changed`.
 */
export async function setRolePermissions(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: { role: Role; permissions: Permission[] },
): Promise<{ role: Role; permissions: Permission[] }> {
  const { role } = input;
  const permissions = [...new Set(input.permissions)];
  checkMatrix(role, permissions);
  const [old] = await tx.select().from(rolePermissions).where(eq(rolePermissions.role, role)).for('update');
  await tx
    .insert(rolePermissions)
    .values({ role, permissions })
    .onConflictDoUpdate({ target: rolePermissions.role, set: { permissions, updatedAt: new Date() } });
  await record(
    tx,
    out,
    {
      action: 'PERMISSIONS_UPDATE',
      entityType: 'Role',
      entityId: role,
      details: { old_value: old?.permissions ?? [], new_value: permissions },
    },
    liveEvent([room.superusers], 'permissions.changed', { role, permissions }, null),
  );
  return { role, permissions };
}
