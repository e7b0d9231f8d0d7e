import type { LiveEvent } from '../common';
import type { Permission, Role } from '../roles';

/**
 * A role's permissions changed (room `su`): open matrices refetch. Its holders hear `session.permissions` from
 * their own sockets once the server re-derived their principal.
 */
export interface PermissionEvents {
  'permissions.changed': (e: LiveEvent<{ role: Role; permissions: Permission[] }>) => void;
}
