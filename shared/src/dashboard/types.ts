import type { PatrimonioStatus } from '../patrimonios';

/** Asset figures of the dashboard widgets, over what the user may see. */
export interface AssetStats {
  total: number;
  /** Sum of valor_aquisicao × quantidade, 2-decimal string (money never travels as a float). */
  valorTotal: string;
  porStatus: Array<{ status: PatrimonioStatus; count: number }>;
  porTipo: Array<{ tipo: string; count: number }>;
}

/** The 'Pendências e Alertas' widget (spec §2.5): counts over the user's municipality. */
export interface PendenciasStats {
  /** Maintenance tasks pending or in progress past their due date. */
  manutencoesAtrasadas: number;
}
