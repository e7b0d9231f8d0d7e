import type { MesCronograma } from './cronograma';

/** Why an asset has no schedule. */
export type MotivoSemDepreciacao = 'tipo_nao_depreciavel' | 'sem_vida_util' | 'anterior_ao_corte' | 'sem_data';

/** GET /api/depreciacao/patrimonios/:id — money as decimal strings with two places. */
export interface DepreciacaoPatrimonio {
  patrimonioId: number;
  /** The date of the figures ('YYYY-MM-DD'). */
  data: string;
  depreciavel: boolean;
  motivo: MotivoSemDepreciacao | null;
  dataEntradaServico: string | null;
  vidaUtilMeses: number | null;
  residualPct: string | null;
  valorAquisicao: string;
  valorResidual: string;
  depreciacaoAcumulada: string;
  valorContabil: string;
  /** The amount of the month of `data`. */
  quotaMensal: string;
  /** Every month from entry into service to the end of life; `fechada` when the month is closed. */
  cronograma: Array<MesCronograma & { fechada: boolean }>;
}
