import type { Role } from '../roles';

/** The dashboards whose layout a user may save: the unified one (/, /dashboard) and the four role dashboards. */
export const PAINEIS = ['principal', 'admin', 'supervisor', 'usuario', 'visualizador'] as const;
export type Painel = (typeof PAINEIS)[number];

/** Who may open each dashboard (spec §2.3 and §6). */
export const PAINEL_ROLES: Record<Painel, readonly Role[]> = {
  principal: ['admin', 'supervisor', 'usuario', 'visualizador'],
  admin: ['admin'],
  supervisor: ['admin', 'supervisor'],
  usuario: ['usuario'],
  visualizador: ['visualizador'],
};

/** The dashboard of a route path ('/', '/dashboard' → principal). */
export const painelOfPath = (path: string): Painel => {
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return (PAINEIS as readonly string[]).includes(last) && last !== 'principal' ? (last as Painel) : 'principal';
};

const ALL: readonly Role[] = ['admin', 'supervisor', 'usuario', 'visualizador'];

/**
 * The widget catalogue: the six of spec §2.5 (ids and titles as written there) and the role widgets of the role
 * dashboards (issue 14), each with the roles that may place it. The server refuses a layout with any other.
 */
export const DASHBOARD_WIDGETS = [
  { id: 'stats', title: 'Estatísticas de Bens', roles: ALL },
  { id: 'imoveis', title: 'Resumo de Imóveis', roles: ALL },
  { id: 'status', title: 'Distribuição por Status', roles: ALL },
  { id: 'type', title: 'Distribuição por Categoria', roles: ALL },
  { id: 'activity', title: 'Atividade Recente', roles: ALL },
  { id: 'pending', title: 'Pendências e Alertas', roles: ALL },
  { id: 'inventarios', title: 'Inventários em Andamento', roles: ALL },
  { id: 'aprovacoes', title: 'Aprovações Pendentes', roles: ['admin', 'supervisor'] },
  { id: 'emprestimos', title: 'Empréstimos Atrasados', roles: ['admin', 'supervisor'] },
  { id: 'bloqueados', title: 'Usuários Bloqueados', roles: ['admin'] },
  { id: 'falhas', title: 'Tarefas com Falha', roles: ['admin'] },
  { id: 'solicitacoes', title: 'Minhas Solicitações', roles: ['usuario'] },
  { id: 'meusEmprestimos', title: 'Empréstimos dos Meus Setores', roles: ['usuario'] },
] as const satisfies ReadonlyArray<{ id: string; title: string; roles: readonly Role[] }>;
export type WidgetId = (typeof DASHBOARD_WIDGETS)[number]['id'];
export const WIDGET_IDS = DASHBOARD_WIDGETS.map((w) => w.id) as [WidgetId, ...WidgetId[]];

/** How wide a widget is on a wide screen (on a phone every widget takes the whole width). */
export const WIDGET_SIZES = ['pequeno', 'medio', 'grande'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];
export const WIDGET_SIZE_LABELS: Record<WidgetSize, string> = { pequeno: 'Pequeno', medio: 'Médio', grande: 'Grande' };

export const widgetTitle = (id: WidgetId) => DASHBOARD_WIDGETS.find((w) => w.id === id)?.title ?? id;
/** Whether a role may place a widget on its dashboards. */
export const widgetAllowed = (id: WidgetId, role: Role) =>
  DASHBOARD_WIDGETS.some((w) => w.id === id && (w.roles as readonly Role[]).includes(role));

/** One placed widget. */
export interface LayoutWidget {
  id: WidgetId;
  size: WidgetSize;
}

const w = (id: WidgetId, size: WidgetSize = 'medio'): LayoutWidget => ({ id, size });

/** Each dashboard's layout until the user saves one (principal: spec §2.5's stats, imoveis, status, activity). */
export const DEFAULT_LAYOUTS: Record<Painel, LayoutWidget[]> = {
  principal: [w('stats'), w('imoveis'), w('status'), w('activity')],
  admin: [
    w('pending'),
    w('aprovacoes'),
    w('bloqueados', 'pequeno'),
    w('falhas', 'pequeno'),
    w('inventarios', 'pequeno'),
    w('stats'),
    w('imoveis'),
    w('activity', 'grande'),
  ],
  supervisor: [w('pending'), w('aprovacoes'), w('inventarios'), w('emprestimos'), w('stats'), w('imoveis')],
  usuario: [w('solicitacoes'), w('meusEmprestimos'), w('stats'), w('inventarios'), w('status'), w('activity')],
  visualizador: [w('stats'), w('status'), w('type'), w('imoveis')],
};

/**
 * The default layout of a dashboard for a role: the widgets it may place (an admin opening the supervisor
 * dashboard keeps all of them; the unified dashboard is the same for everyone).
 */
export const defaultLayout = (painel: Painel, role: Role): LayoutWidget[] =>
  DEFAULT_LAYOUTS[painel].filter((x) => widgetAllowed(x.id, role));
