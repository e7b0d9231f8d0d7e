import { eq } from 'drizzle-orm';
import type { Permission, Role } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { rolePermissions } from '../../../db/schema';
import { record, type Outbox } from '../../../db/tx';
import type { AllMunicipalities } from '../../../tenancy/scope';

/** Replaces a role's permissions everywhere (every signed-in holder of the role is reloaded). */
export async function setRolePermissions(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: { role: Role; permissions: Permission[] },
): Promise<{ role: Role; permissions: Permission[] }> {
  const { role, permissions } = input;
  const [old] = await tx.select().from(rolePermissions).where(eq(rolePermissions.role, role));
  await tx
    .insert(rolePermissions)
    .values({ role, permissions })
    .onConflictDoUpdate({ target: rolePermissions.role, set: { permissions, updatedAt: new Date() } });
  await record(tx, out, {
    action: 'PERMISSIONS_UPDATE',
    entityType: 'Role',
    entityId: role,
    details: { old_value: old?.permissions ?? [], new_value: permissions },
  });
  return { role, permissions };
}
