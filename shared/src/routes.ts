import { DEFAULT_ROLE_PERMISSIONS, MAIN_ROLES, type Permission, type Role } from './roles';

type MainRole = (typeof MAIN_ROLES)[number];
const ALL: readonly MainRole[] = MAIN_ROLES;
const AS: readonly MainRole[] = ['admin', 'supervisor'];
const ASU: readonly MainRole[] = ['admin', 'supervisor', 'usuario'];

export interface MainRoute {
  path: string;
  title: string;
  /** The roles whose screens these are (spec §2.3); another role is sent to its home. */
  roles: readonly MainRole[];
  /** What the screen's own data needs from the server: without it the screen shows 'sem permissão'. */
  permission?: Permission;
}

/**
 * Spec §2.3: every main-area route with its allowed roles, and the permission its screen's data needs (the
 * server's check on that data; every role listed holds it by default, `routes.test.ts`).
 */
export const MAIN_ROUTES: readonly MainRoute[] = [
  { path: '/', title: 'Visão Geral', roles: ALL },
  { path: '/dashboard', title: 'Visão Geral', roles: ALL },
  { path: '/dashboard/admin', title: 'Painel do Administrador', roles: ['admin'] },
  { path: '/dashboard/supervisor', title: 'Painel do Supervisor', roles: AS },
  { path: '/dashboard/usuario', title: 'Painel do Usuário', roles: ['usuario'] },
  { path: '/dashboard/visualizador', title: 'Painel do Visualizador', roles: ['visualizador'] },
  { path: '/dashboard/depreciacao', title: 'Dashboard de Depreciação', roles: AS, permission: 'bens:read' },
  { path: '/bens-cadastrados', title: 'Bens Cadastrados', roles: ALL, permission: 'bens:read' },
  { path: '/bens-cadastrados/novo', title: 'Novo Cadastro', roles: ASU, permission: 'bens:create' },
  { path: '/bens-cadastrados/novo-lote', title: 'Cadastro em Lote', roles: ASU, permission: 'bens:create' },
  // The import wizard from the asset list (issue 34.3); admins also reach it under Configurações.
  { path: '/bens-cadastrados/importar', title: 'Importar Bens', roles: ASU, permission: 'bens:create' },
  { path: '/bens-cadastrados/editar/:id', title: 'Editar Bem', roles: ASU, permission: 'bens:update' },
  { path: '/bens-cadastrados/ver/:id', title: 'Detalhes do Bem', roles: ALL, permission: 'bens:read' },
  { path: '/bens/emprestimos', title: 'Empréstimos', roles: ALL, permission: 'bens:read' },
  { path: '/bens/transferencias', title: 'Transferências', roles: ALL, permission: 'bens:read' },
  { path: '/inventarios', title: 'Inventários', roles: ALL, permission: 'inventarios:read' },
  { path: '/inventarios/novo', title: 'Novo Inventário', roles: ASU, permission: 'inventarios:create' },
  { path: '/inventarios/:id', title: 'Inventário', roles: ASU, permission: 'inventarios:read' },
  { path: '/inventarios/resumo/:id', title: 'Resumo do Inventário', roles: ALL, permission: 'inventarios:read' },
  { path: '/inventarios/editar/:id', title: 'Editar Inventário', roles: AS, permission: 'inventarios:manage' },
  { path: '/inventarios/imprimir/:id', title: 'Imprimir Inventário', roles: ASU, permission: 'inventarios:read' },
  { path: '/locais', title: 'Locais', roles: ALL, permission: 'locais:read' },
  { path: '/comissoes', title: 'Comissões Patrimoniais', roles: AS, permission: 'comissoes:read' },
  { path: '/imoveis', title: 'Cadastro de Imóveis', roles: ALL, permission: 'imoveis:read' },
  { path: '/imoveis/novo', title: 'Novo Imóvel', roles: ASU, permission: 'imoveis:write' },
  { path: '/imoveis/editar/:id', title: 'Editar Imóvel', roles: ASU, permission: 'imoveis:write' },
  { path: '/imoveis/ver/:id', title: 'Detalhes do Imóvel', roles: ALL, permission: 'imoveis:read' },
  { path: '/imoveis/manutencao', title: 'Manutenção', roles: ALL, permission: 'imoveis:read' },
  { path: '/imoveis/campos', title: 'Campos Personalizados', roles: AS, permission: 'imoveis:read' },
  {
    path: '/imoveis/relatorios/templates',
    title: 'Modelos de Relatório de Imóveis',
    roles: AS,
    permission: 'imoveis:read',
  },
  {
    path: '/imoveis/relatorios/templates/novo',
    title: 'Novo Modelo de Relatório de Imóveis',
    roles: AS,
    permission: 'imoveis:read',
  },
  {
    path: '/imoveis/relatorios/templates/editar/:templateId',
    title: 'Editar Modelo de Relatório de Imóveis',
    roles: AS,
    permission: 'imoveis:read',
  },
  { path: '/analise/setor', title: 'Análise por Setor', roles: AS, permission: 'bens:read' },
  { path: '/analise/tipo', title: 'Análise por Tipo', roles: AS, permission: 'bens:read' },
  { path: '/analise/temporal', title: 'Análise Temporal', roles: AS, permission: 'bens:read' },
  { path: '/depreciacao', title: 'Depreciação', roles: ASU, permission: 'bens:read' },
  { path: '/relatorios/depreciacao', title: 'Relatórios de Depreciação', roles: AS, permission: 'reports:generate' },
  // Issue 36: the chart of accounts, the types' accounts, the entries and the accounting deadline.
  { path: '/contabilidade', title: 'Contabilidade', roles: AS, permission: 'contabilidade:read' },
  { path: '/relatorios', title: 'Gerar Relatórios', roles: ALL, permission: 'exports:generate' },
  { path: '/relatorios/ver/:templateId', title: 'Visualizar Relatório', roles: ALL, permission: 'exports:generate' },
  { path: '/relatorios/templates', title: 'Modelos de Relatório', roles: AS, permission: 'reports:manage_templates' },
  {
    path: '/relatorios/templates/editor/:templateId',
    title: 'Editor de Modelo de Relatório',
    roles: AS,
    permission: 'reports:manage_templates',
  },
  {
    path: '/relatorios/transferencias',
    title: 'Relatórios de Transferências',
    roles: AS,
    permission: 'reports:generate',
  },
  { path: '/exportacao', title: 'Exportação de Dados', roles: ALL, permission: 'exports:generate' },
  { path: '/gerar-etiquetas', title: 'Gerar Etiquetas', roles: ALL, permission: 'exports:generate' },
  { path: '/etiquetas/templates', title: 'Modelos de Etiqueta', roles: AS, permission: 'reports:manage_templates' },
  {
    path: '/etiquetas/templates/editor/:templateId',
    title: 'Editor de Modelo de Etiqueta',
    roles: AS,
    permission: 'reports:manage_templates',
  },
  { path: '/ferramentas/documentos', title: 'Documentos Gerais', roles: ALL, permission: 'documents:read' },
  { path: '/ferramentas/sync-client', title: 'Cliente de Sincronização', roles: ALL, permission: 'bens:read' },
  { path: '/downloads', title: 'Downloads', roles: ALL },
  { path: '/gerenciador-fichas', title: 'Gerenciador de Fichas', roles: AS, permission: 'reports:manage_templates' },
  { path: '/gerenciador-fichas/novo', title: 'Nova Ficha', roles: AS, permission: 'reports:manage_templates' },
  {
    path: '/gerenciador-fichas/editor/:id',
    title: 'Editor de Ficha',
    roles: AS,
    permission: 'reports:manage_templates',
  },
  { path: '/termos', title: 'Termos de Responsabilidade', roles: ALL, permission: 'exports:generate' },
  { path: '/configuracoes', title: 'Configurações', roles: AS },
  { path: '/configuracoes/usuarios', title: 'Gerenciar Usuários', roles: AS },
  { path: '/configuracoes/setores', title: 'Gerenciar Setores', roles: AS, permission: 'sectors:read' },
  { path: '/configuracoes/tipos', title: 'Gerenciar Tipos de Bens', roles: AS, permission: 'bens:read' },
  { path: '/configuracoes/formas-aquisicao', title: 'Formas de Aquisição', roles: AS, permission: 'bens:read' },
  { path: '/configuracoes/personalizacao', title: 'Personalização', roles: AS, permission: 'settings:read' },
  { path: '/configuracoes/seguranca', title: 'Segurança', roles: AS, permission: 'settings:read' },
  { path: '/configuracoes/backup', title: 'Backup', roles: AS, permission: 'settings:read' },
  { path: '/configuracoes/numeracao-bens', title: 'Numeração de Bens', roles: AS, permission: 'settings:read' },
  { path: '/configuracoes/importacao', title: 'Importar Cadastro', roles: ['admin'], permission: 'bens:create' },
  { path: '/registros-de-atividade', title: 'Logs de Atividade', roles: AS, permission: 'audit:read' },
  { path: '/perfil', title: 'Perfil', roles: ALL },
  { path: '/notificacoes', title: 'Notificações', roles: ALL },
];

export interface MenuItem {
  path: string;
  label: string;
  exact?: boolean;
}
export interface MenuGroup {
  id: string;
  label: string;
  items: MenuItem[];
}

const G = {
  dashboard: {
    id: 'dashboard',
    label: 'Dashboard',
    items: [
      { path: '/', label: 'Visão Geral', exact: true },
      { path: '/dashboard/depreciacao', label: 'Depreciação' },
    ],
  },
  patrimonio: {
    id: 'patrimonio',
    label: 'Patrimônio',
    items: [
      { path: '/bens-cadastrados', label: 'Bens Cadastrados' },
      { path: '/bens-cadastrados/novo', label: 'Novo Cadastro' },
      { path: '/inventarios', label: 'Inventários' },
      { path: '/comissoes', label: 'Comissões' },
      { path: '/locais', label: 'Locais' },
      // Not in spec §2.4's table: the screens of §2.3 that its sidebar leaves unreachable.
      { path: '/bens/transferencias', label: 'Transferências' },
      { path: '/bens/emprestimos', label: 'Empréstimos' },
      { path: '/termos', label: 'Termos de Responsabilidade' },
    ],
  },
  imoveis: {
    id: 'imoveis',
    label: 'Imóveis',
    items: [
      { path: '/imoveis', label: 'Cadastro de Imóveis' },
      { path: '/imoveis/manutencao', label: 'Manutenção' },
      { path: '/imoveis/campos', label: 'Campos Personalizados' },
    ],
  },
  analise: {
    id: 'analise',
    label: 'Análise e Relatórios',
    items: [
      { path: '/analise/setor', label: 'Análise por Setor' },
      { path: '/analise/tipo', label: 'Análise por Tipo' },
      { path: '/analise/temporal', label: 'Análise Temporal' },
      { path: '/relatorios', label: 'Gerar Relatórios' },
      { path: '/relatorios/transferencias', label: 'Relatórios de Transferências' },
      { path: '/exportacao', label: 'Exportação de Dados' },
    ],
  },
  // Issue 36: the month end (the close is on /depreciacao) and the accountant's screens.
  contabil: {
    id: 'contabil',
    label: 'Contabilidade',
    items: [
      { path: '/depreciacao', label: 'Depreciação e Fechamento' },
      { path: '/relatorios/depreciacao', label: 'Relatórios de Depreciação' },
      { path: '/contabilidade', label: 'Lançamentos e Plano de Contas' },
    ],
  },
  ferramentas: {
    id: 'ferramentas',
    label: 'Ferramentas',
    items: [
      { path: '/gerar-etiquetas', label: 'Gerar Etiquetas' },
      { path: '/etiquetas/templates', label: 'Modelos de Etiqueta' },
      { path: '/gerenciador-fichas', label: 'Gerenciador de Fichas' },
      { path: '/ferramentas/documentos', label: 'Documentos Gerais' },
      { path: '/ferramentas/sync-client', label: 'Cliente de Sincronização' },
      { path: '/downloads', label: 'Downloads' },
    ],
  },
  administracao: {
    id: 'administracao',
    label: 'Administração',
    items: [
      { path: '/configuracoes/usuarios', label: 'Gerenciar Usuários' },
      { path: '/configuracoes/setores', label: 'Gerenciar Setores' },
      { path: '/configuracoes/tipos', label: 'Gerenciar Tipos de Bens' },
      { path: '/configuracoes/formas-aquisicao', label: 'Formas de Aquisição' },
      { path: '/registros-de-atividade', label: 'Logs de Atividade' },
    ],
  },
  configuracoes: {
    id: 'configuracoes',
    label: 'Configurações',
    items: [
      { path: '/configuracoes/personalizacao', label: 'Personalização' },
      { path: '/configuracoes/seguranca', label: 'Segurança' },
      { path: '/configuracoes/backup', label: 'Backup' },
      { path: '/configuracoes/numeracao-bens', label: 'Numeração de Bens' },
    ],
  },
} satisfies Record<string, MenuGroup>;

/** The admin's settings: also bringing an existing register in (issue 12; admin only). */
const ADMIN_CONFIGURACOES: MenuGroup = {
  ...G.configuracoes,
  items: [...G.configuracoes.items, { path: '/configuracoes/importacao', label: 'Importar Cadastro' }],
};

/** The admin's and supervisor's groups before their Configurações. */
const MANAGER_MENU = [G.dashboard, G.patrimonio, G.imoveis, G.analise, G.contabil, G.ferramentas, G.administracao];

/** Sidebar menu per role (spec §6). */
export function menuForRole(role: Role | null | undefined): MenuGroup[] {
  switch (role) {
    case 'admin':
      return [...MANAGER_MENU, ADMIN_CONFIGURACOES];
    case 'supervisor':
      return [...MANAGER_MENU, G.configuracoes];
    case 'usuario':
      return [
        { id: 'dashboard', label: 'Dashboard', items: [{ path: '/', label: 'Visão Geral', exact: true }] },
        // The commissions are named by the administration; a user takes part in them, from the inventory.
        { ...G.patrimonio, items: G.patrimonio.items.filter((i) => i.path !== '/comissoes') },
        { id: 'imoveis', label: 'Imóveis', items: G.imoveis.items.slice(0, 2) },
        {
          id: 'ferramentas',
          label: 'Ferramentas',
          items: [
            { path: '/exportacao', label: 'Exportação de Dados' },
            { path: '/relatorios', label: 'Gerar Relatórios' },
            { path: '/gerar-etiquetas', label: 'Gerar Etiquetas' },
            { path: '/ferramentas/documentos', label: 'Documentos Gerais' },
            { path: '/ferramentas/sync-client', label: 'Cliente de Sincronização' },
            { path: '/downloads', label: 'Downloads' },
          ],
        },
      ];
    case 'visualizador':
      return [
        { id: 'dashboard', label: 'Dashboard', items: [{ path: '/', label: 'Visão Geral', exact: true }] },
        {
          id: 'consulta',
          label: 'Consulta',
          items: [
            { path: '/bens-cadastrados', label: 'Listagem de Bens' },
            { path: '/imoveis', label: 'Listagem de Imóveis' },
            { path: '/locais', label: 'Locais' },
            { path: '/bens/transferencias', label: 'Transferências' },
            { path: '/bens/emprestimos', label: 'Empréstimos' },
            { path: '/termos', label: 'Termos de Responsabilidade' },
            { path: '/ferramentas/documentos', label: 'Documentos Gerais' },
          ],
        },
      ];
    default:
      return [];
  }
}

/** What decides what a signed-in user may open: their role and their role's current permissions. */
export interface RouteAccess {
  role: Role;
  permissions: readonly string[];
}

/** The route table's row of a path of the table (a menu item's path). */
export const mainRouteOf = (path: string): MainRoute | undefined => MAIN_ROUTES.find((r) => r.path === path);

/**
 * Whether the permission alone opens the route: its role list is exactly the roles holding that permission by
 * default, so the list only restates the permission and a role the superuser grants it to opens the screen too.
 * Other routes (the depreciation dashboard needs only `bens:read`, yet is the admin's and supervisor's) keep their
 * role list and need the permission as well.
 */
function opensByPermission(route: MainRoute): boolean {
  const { permission } = route;
  if (!permission) return false;
  const holders = MAIN_ROLES.filter((r) => DEFAULT_ROLE_PERMISSIONS[r].includes(permission));
  return holders.length === route.roles.length && holders.every((r) => route.roles.includes(r));
}

/** Whether the route is one of the role's screens in the spec's table (§2.3). */
export const roleListed = (route: MainRoute, user: RouteAccess): boolean =>
  (route.roles as readonly Role[]).includes(user.role);

/** Whether the user may open the route now: the permission its data needs, on a screen of its role or granted. */
export function canOpenRoute(route: MainRoute, user: RouteAccess): boolean {
  if (!route.permission) return roleListed(route, user);
  return user.permissions.includes(route.permission) && (roleListed(route, user) || opensByPermission(route));
}

/** Whether a menu item's screen opens for the user (an item outside the route table: never). */
export function canOpenPath(path: string, user: RouteAccess): boolean {
  const route = mainRouteOf(path);
  return !!route && canOpenRoute(route, user);
}

const ALL_GROUPS: readonly MenuGroup[] = [...Object.values(G), ADMIN_CONFIGURACOES].filter(
  (g) => g !== G.configuracoes,
);

/**
 * The user's sidebar: their role's groups (spec §6) without the items they may not open now and the groups left
 * empty; plus, under the same group, the screens of other roles that a permission granted by the superuser opens.
 * With the default permissions this is exactly the role's menu (`routes.test.ts`).
 */
export function menuFor(user: RouteAccess | null | undefined): MenuGroup[] {
  if (!user) return [];
  const groups = menuForRole(user.role).map((group) => ({
    ...group,
    items: group.items.filter((item) => canOpenPath(item.path, user)),
  }));
  const shown = new Set(groups.flatMap((g) => g.items.map((i) => i.path)));
  for (const group of ALL_GROUPS) {
    const granted = group.items.filter((item) => {
      const route = mainRouteOf(item.path);
      return !shown.has(item.path) && !!route && !roleListed(route, user) && canOpenRoute(route, user);
    });
    if (!granted.length) continue;
    const own = groups.find((g) => g.id === group.id);
    if (own) own.items = [...own.items, ...granted];
    else groups.push({ ...group, items: granted });
    for (const item of granted) shown.add(item.path);
  }
  return groups.filter((group) => group.items.length > 0);
}

export const MOBILE_BOTTOM_BAR: readonly MenuItem[] = [
  { path: '/', label: 'Início', exact: true },
  { path: '/bens-cadastrados', label: 'Bens' },
  { path: '/imoveis', label: 'Imóveis' },
  { path: '/relatorios', label: 'Relatórios' },
  { path: '/configuracoes/personalizacao', label: 'Config' },
];

/** The phone bottom bar's entries the user may open (spec §2.4 leaves its filtering open). */
export const bottomBarFor = (user: RouteAccess): MenuItem[] =>
  MOBILE_BOTTOM_BAR.filter((item) => canOpenPath(item.path, user));

/** Spec §2.6 superuser sidebar (plus assets-by-user from the route table). */
export const SUPERUSER_MENU: readonly MenuItem[] = [
  { path: '/superuser', label: 'Dashboard', exact: true },
  { path: '/superuser/municipalities', label: 'Municípios' },
  { path: '/superuser/users', label: 'Usuários' },
  { path: '/superuser/permissions', label: 'Permissões' },
  { path: '/superuser/customization', label: 'Customização de Login' },
  { path: '/superuser/form-fields', label: 'Campos de Formulário' },
  { path: '/superuser/export-templates', label: 'Modelos de Exportação' },
  { path: '/superuser/public-search', label: 'Consulta Pública' },
  { path: '/superuser/system-information', label: 'Informações do Sistema' },
  { path: '/superuser/footer-customization', label: 'Rodapé do Superusuário' },
  { path: '/superuser/version-update', label: 'Atualização de Versão' },
  { path: '/superuser/documentation', label: 'Documentação' },
  { path: '/superuser/backups', label: 'Backups' },
];
export const SUPERUSER_EXTRA_ROUTES: readonly MenuItem[] = [
  { path: '/superuser/assets-by-user', label: 'Bens por Usuário' },
  /** The superuser's own two-step sign-in (avatar menu). */
  { path: '/superuser/security', label: 'Segurança da Conta' },
];

/** Highlight rule of the sidebar: exact items match exactly, others by prefix. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.exact || item.path === '/') return pathname === item.path;
  return pathname === item.path || pathname.startsWith(item.path + '/');
}
