import type { UserUpdate } from '@tombo/shared';
import { users } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { ownedBy } from '../../tenancy/rules';

/** Which users a scope may read or manage: those of its municipality (the role decides the verbs). */
export const userAccess = {
  'user.read': ownedBy(users),
  'user.manage': ownedBy(users),
};

/** What anyone may change on their own record without `users:update`. */
const SELF_EDITABLE = new Set(['name', 'avatarUrl', 'version']);

/** 403 unless the caller may make this change: `users:update`, or only their own name and avatar. */
export function requireMayUpdate(self: boolean, permissions: readonly string[], input: UserUpdate): void {
  if (permissions.includes('users:update')) return;
  if (!self || Object.keys(input).some((k) => !SELF_EDITABLE.has(k))) throw forbidden();
}
