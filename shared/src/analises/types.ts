import type { AnaliseGranularidade } from './schemas';

/** Money as a decimal string with two places ("1234.50"). */
type Money = string;

/** One sector or type of the analysis. `id` null: assets without a type. */
export interface AnaliseGrupo {
  id: number | null;
  nome: string;
  /** Assets (register rows). */
  bens: number;
  /** Σ valor_aquisicao × quantidade. */
  valorAquisicao: Money;
  /** Σ book value × quantidade: the last closed depreciation entry of each asset, else its acquisition value. */
  valorContabil: Money;
  /** Share of the total, in percent (two decimals): of the assets and of the acquisition value. */
  percentualBens: number;
  percentualValor: number;
}

export interface AnaliseGrupoTotais {
  bens: number;
  valorAquisicao: Money;
  valorContabil: Money;
}

/** GET /api/analises/setor | /tipo */
export interface AnaliseGrupoResponse {
  grupos: AnaliseGrupo[];
  total: AnaliseGrupoTotais;
  /** The last closed month ('YYYY-MM') whose entries give the book values; null: none closed yet. */
  competencia: string | null;
}

/** One month ('YYYY-MM') or year ('YYYY') of the temporal analysis. */
export interface AnalisePeriodo {
  periodo: string;
  /** First and last day of the period (for a drill-down into the list by acquisition date). */
  de: string;
  ate: string;
  aquisicoes: number;
  valorAquisicoes: Money;
  baixas: number;
  valorBaixas: Money;
  /** Items not found ('não localizado') in inventories finalised in the period. */
  perdas: number;
  valorPerdas: Money;
}

/** GET /api/analises/temporal */
export interface AnaliseTemporalResponse {
  granularidade: AnaliseGranularidade;
  dataDe: string;
  dataAte: string;
  periodos: AnalisePeriodo[];
  total: Omit<AnalisePeriodo, 'periodo' | 'de' | 'ate'>;
}
