import type { Db } from '../db/client';
import { notFound } from '../http/errors';
// Type-only at load: the registry imports every area, and areas call requireAccess (a load-time import
// would make a cycle in which the registry is built before some area's rules exist).
import type { accessRules } from '../modules/access';
import type { Id } from './rules';
import type { TenantScope } from './scope';

/** The purposes an object can be accessed for, as the areas declare them in their access.ts. */
export type AccessPermission = keyof typeof accessRules;

/**
 * The one object-access check: every id must be allowed for the purpose, else 404 (ids of other
 * municipalities or out-of-scope records must not be probeable). Returns the ids.
 */
export async function requireAccess<T extends Id>(
  tx: Db,
  scope: TenantScope,
  permission: AccessPermission,
  ids: readonly T[],
  message?: string,
): Promise<readonly T[]> {
  if (!ids.length) return ids;
  const { accessRules: rules } = await import('../modules/access');
  const allowed = new Set<Id>(await rules[permission](tx, scope, ids));
  if (ids.some((id) => !allowed.has(id))) throw notFound(message);
  return ids;
}
