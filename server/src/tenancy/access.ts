import type { Db } from '../db/client';
import { notFound } from '../http/errors';
// Type-only: the registry imports every area, and infrastructure imports no area; the composition roots
// (server.ts, the worker's runtime) hand the rules over with `useAccessRules`.
import type { accessRules } from '../modules/access';
import type { Id } from './rules';
import type { TenantScope } from './scope';

/** The purposes an object can be accessed for, as the areas declare them in their access.ts. */
export type AccessPermission = keyof typeof accessRules;
type AccessRules = typeof accessRules;

let registered: AccessRules | null = null;

/** Hands the areas' access rules (modules/access.ts) to `requireAccess`; called once at boot by each process. */
export function useAccessRules(rules: AccessRules): void {
  registered = rules;
}

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
  const rules = registered;
  if (!rules) throw new Error('requireAccess: access rules not registered (useAccessRules at boot)');
  const allowed = new Set<Id>(await rules[permission](tx, scope, ids));
  if (ids.some((id) => !allowed.has(id))) throw notFound(message);
  return ids;
}
