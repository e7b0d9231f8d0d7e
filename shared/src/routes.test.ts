import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, MAIN_ROLES, type Permission, type Role } from './roles';
import { MAIN_ROUTES, MOBILE_BOTTOM_BAR, bottomBarFor, canOpenPath, mainRouteOf, menuFor, menuForRole } from './routes';

const asDefault = (role: Role) => ({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] });
const without = (role: Role, ...gone: Permission[]) => ({
  role,
  permissions: DEFAULT_ROLE_PERMISSIONS[role].filter((p) => !gone.includes(p)),
});
const paths = (groups: ReturnType<typeof menuFor>) => groups.flatMap((g) => g.items.map((i) => i.path));

describe('route table and permissions', () => {
  it("every role of a route holds the route's permission by default: the defaults open exactly spec §2.3", () => {
    for (const route of MAIN_ROUTES) {
      for (const role of MAIN_ROLES) {
        expect(canOpenPath(route.path, asDefault(role)), `${role} ${route.path}`).toBe(route.roles.includes(role));
      }
    }
  });

  it('every menu and bottom-bar item is a route of the table', () => {
    for (const role of MAIN_ROLES)
      for (const path of paths(menuForRole(role))) expect(mainRouteOf(path), path).toBeDefined();
    for (const item of MOBILE_BOTTOM_BAR) expect(mainRouteOf(item.path), item.path).toBeDefined();
  });

  it("with the default permissions the menus are the spec's per role", () => {
    for (const role of MAIN_ROLES) expect(menuFor(asDefault(role))).toEqual(menuForRole(role));
    expect(menuFor(asDefault('superuser'))).toEqual([]);
    expect(menuFor(null)).toEqual([]);
  });

  it('a removed permission takes its items, and a group left empty, out of the menu', () => {
    const usuario = paths(menuFor(without('usuario', 'bens:create')));
    expect(usuario).not.toContain('/bens-cadastrados/novo');
    expect(usuario).toContain('/bens-cadastrados');
    const supervisor = menuFor(without('supervisor', 'settings:read'));
    expect(supervisor.map((g) => g.id)).not.toContain('configuracoes');
    expect(supervisor.map((g) => g.id)).toContain('administracao');
    expect(bottomBarFor(without('supervisor', 'settings:read')).map((i) => i.label)).toEqual([
      'Início',
      'Bens',
      'Imóveis',
      'Relatórios',
    ]);
  });

  it("a granted permission opens the screens it alone decides, in the menu's own group, and no role-only screen", () => {
    const usuario = { role: 'usuario' as const, permissions: [...DEFAULT_ROLE_PERMISSIONS.usuario, 'settings:read'] };
    expect(canOpenPath('/configuracoes/personalizacao', usuario)).toBe(true);
    const groups = menuFor(usuario);
    expect(groups.find((g) => g.id === 'configuracoes')?.items.map((i) => i.path)).toEqual([
      '/configuracoes/personalizacao',
      '/configuracoes/seguranca',
      '/configuracoes/backup',
      '/configuracoes/numeracao-bens',
    ]);
    const viz = {
      role: 'visualizador' as const,
      permissions: [...DEFAULT_ROLE_PERMISSIONS.visualizador, 'bens:create'],
    };
    expect(canOpenPath('/bens-cadastrados/novo', viz)).toBe(true);
    expect(paths(menuFor(viz))).toContain('/bens-cadastrados/novo');
    // bens:read alone is every role's: the depreciation dashboard stays the admin's and supervisor's
    expect(canOpenPath('/dashboard/depreciacao', asDefault('usuario'))).toBe(false);
    expect(canOpenPath('/configuracoes/usuarios', { role: 'usuario', permissions: ['users:read'] })).toBe(false);
  });
});
