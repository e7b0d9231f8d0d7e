export const ROLES = ['superuser', 'admin', 'supervisor', 'usuario', 'visualizador'] as const;
export type Role = (typeof ROLES)[number];
export const MAIN_ROLES = ['admin', 'supervisor', 'usuario', 'visualizador'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  superuser: 'Superusuário',
  admin: 'Administrador',
  supervisor: 'Supervisor',
  usuario: 'Usuário',
  visualizador: 'Visualizador',
};

export const ROLE_HOME: Record<Role, string> = {
  superuser: '/superuser',
  admin: '/dashboard/admin',
  supervisor: '/dashboard/supervisor',
  usuario: '/dashboard/usuario',
  visualizador: '/dashboard/visualizador',
};

/** Badge colours of the header user menu (spec §2.4). */
export const ROLE_BADGE_COLOR: Record<Role, string> = {
  superuser: '#7c3aed',
  supervisor: '#2563eb',
  admin: '#16a34a',
  usuario: '#6b7280',
  visualizador: '#ea580c',
};

/**
 * Permission strings. The first ones are spec §6; the rest are the finer grains
 * the server needs for areas the spec leaves unnamed (see docs/permissions.md).
 */
export const PERMISSIONS = [
  'superuser:access',
  'permissions:manage',
  'bens:create',
  'bens:read',
  'bens:update',
  'bens:delete',
  'users:create',
  'users:read',
  'users:update',
  'users:delete',
  'settings:read',
  'settings:update',
  'reports:generate',
  'reports:manage_templates',
  'sectors:read',
  'sectors:manage',
  'locais:read',
  'locais:manage',
  'audit:read',
  'catalogs:manage',
  'transfers:request',
  'transfers:decide',
  'loans:manage',
  'documents:read',
  'documents:manage',
  'inventarios:read',
  'inventarios:create',
  'inventarios:manage',
  'inventarios:count',
  'exports:generate',
  'imoveis:read',
  'imoveis:write',
  'imoveis:delete',
  'imoveis:manage_fields',
  'manutencoes:manage',
  'depreciacao:manage',
  'depreciacao:reopen',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const DEFAULT_ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  superuser: ['superuser:access', 'permissions:manage'],
  admin: [
    'bens:create',
    'bens:read',
    'bens:update',
    'bens:delete',
    'users:create',
    'users:read',
    'users:update',
    'users:delete',
    'settings:read',
    'settings:update',
    'reports:generate',
    'reports:manage_templates',
    'sectors:read',
    'sectors:manage',
    'locais:read',
    'locais:manage',
    'audit:read',
    'catalogs:manage',
    'transfers:request',
    'transfers:decide',
    'loans:manage',
    'documents:read',
    'documents:manage',
    'inventarios:read',
    'inventarios:create',
    'inventarios:manage',
    'inventarios:count',
    'exports:generate',
    'imoveis:read',
    'imoveis:write',
    'imoveis:delete',
    'imoveis:manage_fields',
    'manutencoes:manage',
    'depreciacao:manage',
    'depreciacao:reopen',
  ],
  supervisor: [
    'bens:create',
    'bens:read',
    'bens:update',
    'reports:generate',
    'reports:manage_templates',
    'settings:read',
    'sectors:read',
    'sectors:manage',
    'locais:read',
    'locais:manage',
    'audit:read',
    'catalogs:manage',
    'transfers:request',
    'transfers:decide',
    'loans:manage',
    'documents:read',
    'documents:manage',
    'inventarios:read',
    'inventarios:create',
    'inventarios:manage',
    'inventarios:count',
    'exports:generate',
    'imoveis:read',
    'imoveis:write',
    'imoveis:delete',
    'imoveis:manage_fields',
    'manutencoes:manage',
    'depreciacao:manage',
  ],
  usuario: [
    'bens:create',
    'bens:read',
    'bens:update',
    'sectors:read',
    'locais:read',
    'transfers:request',
    'loans:manage',
    'documents:read',
    'inventarios:read',
    'inventarios:create',
    'inventarios:count',
    'exports:generate',
    'imoveis:read',
    'imoveis:write',
    'manutencoes:manage',
  ],
  visualizador: [
    'bens:read',
    'sectors:read',
    'locais:read',
    'documents:read',
    'inventarios:read',
    'exports:generate',
    'imoveis:read',
  ],
};

/** Roles that see and change only the assets of their own sectors (changelog of spec §1). */
export const SECTOR_RESTRICTED_ROLES: readonly Role[] = ['usuario'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
