import type {
  ArredondamentoDepreciacao,
  EfeitoEvento,
  EventoValor,
  InicioDepreciacao,
  MesCronograma,
} from './cronograma';

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
  /** The asset's revaluations, impairments and reversals, oldest first (applied to the schedule). */
  eventos: EventoValorRegistrado[];
  /** What each event did (in order of `eventos`): change of book value, reserve, result. */
  efeitos: EfeitoEvento[];
  /** The revaluation reserve's balance at the end of the schedule ("0.00" without revaluations). */
  reservaReavaliacao: string;
}

/** A recorded revaluation, impairment or reversal (GET /api/patrimonios/:id/eventos-valor). */
export interface EventoValorRegistrado {
  id: number;
  tipo: EventoValor['tipo'];
  /** 'YYYY-MM' */
  competencia: string;
  /** Revaluation: the new value; impairment: the recoverable value; reversal: null. */
  valor: string | null;
  vidaUtilRestanteMeses: number | null;
  residualPct: string | null;
  documento: string;
  motivo: string;
  /** The author's name. */
  createdBy: string | null;
  /** ISO timestamp */
  createdAt: string;
}

/** GET/PUT /api/depreciacao/config: the municipality's rules (the defaults, version 0, when never set). */
export interface DepreciacaoConfig {
  inicio: InicioDepreciacao;
  arredondamento: ArredondamentoDepreciacao;
  /** 'YYYY-MM-DD': assets acquired before it are not depreciated. */
  dataCorte: string | null;
  version: number;
}

/** A closed (or closing) month: GET /api/depreciacao/fechamentos. */
export interface FechamentoDepreciacao {
  competencia: string;
  status: 'em_andamento' | 'concluido' | 'falhou';
  jobId: string | null;
  /** Assets with an entry, and the month's total amount (when concluded). */
  bens: number;
  totalQuota: string;
  erro: string | null;
  closedBy: string | null;
  createdAt: string;
  concludedAt: string | null;
  /** A concluded month: the day after which it is locked in the accounting ('YYYY-MM-DD', issue 36). */
  bloqueioEm: string | null;
  /** Past that day: nothing dated inside it may be written, and it cannot be reopened. */
  bloqueado: boolean;
}

/** Depreciation figures of a group (money as decimal strings with two places). */
export interface TotaisDepreciacao {
  valorBruto: string;
  depreciacaoAcumulada: string;
  valorContabil: string;
  /** The amount of the month of the position date. */
  quotaMes: string;
  bens: number;
}

/** GET /api/depreciacao/resumo: the municipality's (a usuario's: their sectors') position on `data`. */
export interface DepreciacaoResumo {
  data: string;
  /** The last closed month ('YYYY-MM') or null. */
  ultimaFechada: string | null;
  /** The figures come from closed entries (true) or from the rules' projection (false). */
  fechada: boolean;
  totais: TotaisDepreciacao;
  porTipo: Array<TotaisDepreciacao & { tipo: string }>;
  porSetor: Array<TotaisDepreciacao & { setorId: number; setor: string }>;
  /** Month by month, up to the position's month (closed months from their entries, the rest projected). */
  serie: Array<{ competencia: string; quota: string; acumulada: string; valorContabil: string; fechada: boolean }>;
}
