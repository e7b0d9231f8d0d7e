import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { dashboardKeys } from './keys';
import { imovelResumoLive } from './imoveisResumo';
import { layoutChanged } from './layout';

type Handler = (e: unknown, ctx: LiveContext) => void;

const invalidate =
  (...keys: ReadonlyArray<readonly unknown[]>): Handler =>
  (_e, { queryClient }) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

// The 'Primeiros passos' checklist follows its steps' data (an inactive query costs nothing to invalidate).
const assetsChanged = invalidate(dashboardKeys.assetStats, dashboardKeys.pendencias, dashboardKeys.primeirosPassos);
const pendenciasChanged = invalidate(dashboardKeys.pendencias);
const transfersChanged = invalidate(dashboardKeys.pendencias, dashboardKeys.aprovacoes, dashboardKeys.solicitacoes);
const loansChanged = invalidate(
  dashboardKeys.pendencias,
  dashboardKeys.emprestimos('atrasados'),
  dashboardKeys.emprestimos('abertos'),
);
const inventariosChanged = invalidate(dashboardKeys.pendencias, dashboardKeys.inventarios);
const adminChanged = invalidate(dashboardKeys.administracao, dashboardKeys.primeirosPassos);
const passosChanged = invalidate(dashboardKeys.primeirosPassos);

const figures: Record<string, Handler> = {
  'patrimonio.created': assetsChanged,
  'patrimonio.updated': assetsChanged,
  'patrimonio.deleted': assetsChanged,
  'patrimonio.bulk_created': assetsChanged,
  'manutencao.created': pendenciasChanged,
  'manutencao.updated': pendenciasChanged,
  'manutencao.deleted': pendenciasChanged,
  'manutencao.completed': pendenciasChanged,
  'transferencia.created': transfersChanged,
  'transferencia.updated': transfersChanged,
  'emprestimo.created': loansChanged,
  'emprestimo.updated': loansChanged,
  'inventario.created': inventariosChanged,
  'inventario.updated': inventariosChanged,
  'inventario.deleted': inventariosChanged,
  'user.updated': adminChanged,
  'job.completed': adminChanged,
  'user.created': passosChanged,
  'sector.created': passosChanged,
  'sector.deleted': passosChanged,
  'local.created': passosChanged,
  'local.deleted': passosChanged,
  'catalog.changed': passosChanged,
};

/** Both handlers of an event named twice (the 'Resumo de Imóveis' and 'Pendências e Alertas' both follow maintenance). */
function merged(a: Record<string, Handler>, b: Record<string, Handler>): Record<string, Handler> {
  const out = { ...a };
  for (const [name, h] of Object.entries(b)) {
    const first = out[name];
    out[name] = first ? (e, ctx) => (first(e, ctx), h(e, ctx)) : h;
  }
  return out;
}

/**
 * What moves the dashboard's figures, and the user's own layout saved in another tab or device (their room).
 * Other areas' events are named as strings (one not sent by this version is never received: harmless).
 */
export const live: LiveHandlers = {
  ...(merged(figures, imovelResumoLive as Record<string, Handler>) as LiveHandlers),
  'dashboard.layout_changed': layoutChanged,
};
