import type { Permission, Role } from '@tombo/shared';
import { http, listFrom } from '../../lib/http';

export interface RolePermissions {
  role: Role;
  permissions: Permission[];
}

/** The stored role → permission matrix. */
export async function fetchMatrix(): Promise<RolePermissions[]> {
  return listFrom<RolePermissions>(await http.get('/superuser/permissions'), 'roles');
}

/** Replaces one role's permissions (400 when it would lock the back office). */
export async function saveRole(role: Role, permissions: Permission[]): Promise<RolePermissions> {
  return http.put<RolePermissions>(`/superuser/permissions/${role}`, { permissions });
}
