import type { LiveEvent } from '../common';
import type { Permission, Role } from '../roles';

/** A role's permissions changed: its holders refetch /auth/me, superusers refetch the matrix. */
export interface PermissionEvents {
  'permissions.changed': (e: LiveEvent<{ role: Role; permissions: Permission[] }>) => void;
}
