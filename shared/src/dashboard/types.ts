import type { PatrimonioStatus } from '../patrimonios';
import type { Transferencia } from '../transferencias';
import type { InventarioListItem } from '../inventarios';
import type { EmprestimoListItem } from '../emprestimos';
import type { LayoutWidget, Painel } from './widgets';

/** Asset figures of the dashboard widgets, over what the user may see. */
export interface AssetStats {
  total: number;
  /** Sum of valor_aquisicao × quantidade, 2-decimal string (money never travels as a float). */
  valorTotal: string;
  porStatus: Array<{ status: PatrimonioStatus; count: number }>;
  porTipo: Array<{ tipo: string; count: number }>;
}

/** The 'Pendências e Alertas' widget (spec §2.5): counts over what the user may see (a usuario: its sectors). */
export interface PendenciasStats {
  /** Assets in status em_manutencao. */
  emManutencao: number;
  /** Inventories in progress the user sees. */
  inventariosEmAndamento: number;
  /** Transfer and donation requests awaiting a decision. */
  transferenciasPendentes: number;
  /** Open loans past their expected return. */
  emprestimosAtrasados: number;
  /** Maintenance tasks pending or in progress past their due date. */
  manutencoesAtrasadas: number;
}

/** A short list and its full count (the role widgets: the newest few, and how many there are). */
export interface DashboardList<T> {
  total: number;
  items: T[];
}

export type AprovacoesPendentes = DashboardList<Transferencia>;
export type InventariosEmAndamento = DashboardList<InventarioListItem>;
/** Loans: the few shown, how many match, and how many of the user's loans are overdue. */
export type EmprestimosResumo = DashboardList<EmprestimoListItem> & { atrasados: number };

/** The admin's widgets: locked users and the municipality's failed jobs. */
export interface AdministracaoResumo {
  usuariosBloqueados: Array<{ id: number; name: string; email: string; lockoutUntil: string }>;
  tarefasComFalha: number;
  falhas: Array<{ id: string; title: string; error: string | null; ownerName: string; finishedAt: string | null }>;
}

/** A user's layout of one dashboard (the role's default until they save one; version 0 = never saved). */
export interface DashboardLayoutResponse {
  painel: Painel;
  layout: LayoutWidget[];
  version: number;
  personalizado: boolean;
}
