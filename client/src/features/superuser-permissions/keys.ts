/** Query keys of the permission matrix. */
export const permissionKeys = { matrix: ['superuser', 'permissions'] as const };
