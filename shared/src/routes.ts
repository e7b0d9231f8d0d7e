import { MAIN_ROLES, type Role } from './roles';

type MainRole = (typeof MAIN_ROLES)[number];
const ALL: readonly MainRole[] = MAIN_ROLES;
const AS: readonly MainRole[] = ['admin', 'supervisor'];
const ASU: readonly MainRole[] = ['admin', 'supervisor', 'usuario'];

export interface MainRoute {
  path: string;
  title: string;
  roles: readonly MainRole[];
}

/** Spec §2.3: every main-area route with its allowed roles. */
export const MAIN_ROUTES: readonly MainRoute[] = [
  { path: '/', title: 'Visão Geral', roles: ALL },
  { path: '/dashboard', title: 'Visão Geral', roles: ALL },
  { path: '/dashboard/admin', title: 'Painel do Administrador', roles: ['admin'] },
  { path: '/dashboard/supervisor', title: 'Painel do Supervisor', roles: AS },
  { path: '/dashboard/usuario', title: 'Painel do Usuário', roles: ['usuario'] },
  { path: '/dashboard/visualizador', title: 'Painel do Visualizador', roles: ['visualizador'] },
  { path: '/dashboard/depreciacao', title: 'Dashboard de Depreciação', roles: AS },
  { path: '/bens-cadastrados', title: 'Bens Cadastrados', roles: ALL },
  { path: '/bens-cadastrados/novo', title: 'Novo Cadastro', roles: ASU },
  { path: '/bens-cadastrados/novo-lote', title: 'Cadastro em Lote', roles: ASU },
  { path: '/bens-cadastrados/editar/:id', title: 'Editar Bem', roles: ASU },
  { path: '/bens-cadastrados/ver/:id', title: 'Detalhes do Bem', roles: ALL },
  { path: '/bens/emprestimos', title: 'Empréstimos', roles: ALL },
  { path: '/bens/transferencias', title: 'Transferências', roles: ALL },
  { path: '/inventarios', title: 'Inventários', roles: ALL },
  { path: '/inventarios/novo', title: 'Novo Inventário', roles: ASU },
  { path: '/inventarios/:id', title: 'Inventário', roles: ASU },
  { path: '/inventarios/resumo/:id', title: 'Resumo do Inventário', roles: ALL },
  { path: '/inventarios/editar/:id', title: 'Editar Inventário', roles: AS },
  { path: '/inventarios/imprimir/:id', title: 'Imprimir Inventário', roles: ASU },
  { path: '/locais', title: 'Locais', roles: ALL },
  { path: '/imoveis', title: 'Cadastro de Imóveis', roles: ALL },
  { path: '/imoveis/novo', title: 'Novo Imóvel', roles: ASU },
  { path: '/imoveis/editar/:id', title: 'Editar Imóvel', roles: ASU },
  { path: '/imoveis/ver/:id', title: 'Detalhes do Imóvel', roles: ALL },
  { path: '/imoveis/manutencao', title: 'Manutenção', roles: ALL },
  { path: '/imoveis/campos', title: 'Campos Personalizados', roles: AS },
  { path: '/imoveis/relatorios/templates', title: 'Modelos de Relatório de Imóveis', roles: AS },
  { path: '/imoveis/relatorios/templates/novo', title: 'Novo Modelo de Relatório de Imóveis', roles: AS },
  {
    path: '/imoveis/relatorios/templates/editar/:templateId',
    title: 'Editar Modelo de Relatório de Imóveis',
    roles: AS,
  },
  { path: '/analise/setor', title: 'Análise por Setor', roles: AS },
  { path: '/analise/tipo', title: 'Análise por Tipo', roles: AS },
  { path: '/analise/temporal', title: 'Análise Temporal', roles: AS },
  { path: '/depreciacao', title: 'Depreciação', roles: ASU },
  { path: '/relatorios/depreciacao', title: 'Relatórios de Depreciação', roles: AS },
  { path: '/relatorios', title: 'Gerar Relatórios', roles: ALL },
  { path: '/relatorios/ver/:templateId', title: 'Visualizar Relatório', roles: ALL },
  { path: '/relatorios/templates', title: 'Modelos de Relatório', roles: AS },
  { path: '/relatorios/templates/editor/:templateId', title: 'Editor de Modelo de Relatório', roles: AS },
  { path: '/relatorios/transferencias', title: 'Relatórios de Transferências', roles: AS },
  { path: '/exportacao', title: 'Exportação de Dados', roles: ALL },
  { path: '/gerar-etiquetas', title: 'Gerar Etiquetas', roles: ALL },
  { path: '/etiquetas/templates', title: 'Modelos de Etiqueta', roles: AS },
  { path: '/etiquetas/templates/editor/:templateId', title: 'Editor de Modelo de Etiqueta', roles: AS },
  { path: '/ferramentas/documentos', title: 'Documentos Gerais', roles: ALL },
  { path: '/ferramentas/sync-client', title: 'Cliente de Sincronização', roles: ALL },
  { path: '/downloads', title: 'Downloads', roles: ALL },
  { path: '/gerenciador-fichas', title: 'Gerenciador de Fichas', roles: AS },
  { path: '/gerenciador-fichas/novo', title: 'Nova Ficha', roles: AS },
  { path: '/gerenciador-fichas/editor/:id', title: 'Editor de Ficha', roles: AS },
  { path: '/termos', title: 'Termos de Responsabilidade', roles: ALL },
  { path: '/configuracoes', title: 'Configurações', roles: AS },
  { path: '/configuracoes/usuarios', title: 'Gerenciar Usuários', roles: AS },
  { path: '/configuracoes/setores', title: 'Gerenciar Setores', roles: AS },
  { path: '/configuracoes/tipos', title: 'Gerenciar Tipos de Bens', roles: AS },
  { path: '/configuracoes/formas-aquisicao', title: 'Formas de Aquisição', roles: AS },
  { path: '/configuracoes/personalizacao', title: 'Personalização', roles: AS },
  { path: '/configuracoes/seguranca', title: 'Segurança', roles: AS },
  { path: '/configuracoes/backup', title: 'Backup', roles: AS },
  { path: '/configuracoes/numeracao-bens', title: 'Numeração de Bens', roles: AS },
  { path: '/configuracoes/importacao', title: 'Importar Cadastro', roles: ['admin'] },
  { path: '/registros-de-atividade', title: 'Logs de Atividade', roles: AS },
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

/** Sidebar menu per role (spec §6). */
export function menuForRole(role: Role | null | undefined): MenuGroup[] {
  switch (role) {
    case 'admin':
      return [G.dashboard, G.patrimonio, G.imoveis, G.analise, G.ferramentas, G.administracao, ADMIN_CONFIGURACOES];
    case 'supervisor':
      return [G.dashboard, G.patrimonio, G.imoveis, G.analise, G.ferramentas, G.administracao, G.configuracoes];
    case 'usuario':
      return [
        { id: 'dashboard', label: 'Dashboard', items: [{ path: '/', label: 'Visão Geral', exact: true }] },
        G.patrimonio,
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

export const MOBILE_BOTTOM_BAR: readonly MenuItem[] = [
  { path: '/', label: 'Início', exact: true },
  { path: '/bens-cadastrados', label: 'Bens' },
  { path: '/imoveis', label: 'Imóveis' },
  { path: '/relatorios', label: 'Relatórios' },
  { path: '/configuracoes/personalizacao', label: 'Config' },
];

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
