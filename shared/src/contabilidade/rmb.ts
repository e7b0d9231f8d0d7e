import { z } from 'zod';
import { competencia } from '../depreciacao/schemas';

/** GET /api/contabilidade/rmb and /saldos: one month ('YYYY-MM'); the balances also as CSV. */
export const rmbQuery = z.strictObject({ competencia });
export const saldosQuery = z.strictObject({
  competencia,
  formato: z.enum(['json', 'csv'], { error: 'Formato inválido: use json ou csv.' }).optional(),
});

/**
 * One account's line of the monthly statement (RMB). Money as decimal strings, signed as debit − credit: the asset
 * accounts are positive, the (−) accumulated depreciation and impairment negative. saldoAnterior includes the
 * opening balance when the ledger started in this month; saldoAtual = saldoAnterior + the five movements.
 */
export interface RmbConta {
  conta: { id: number; codigo: string; nome: string };
  /**
   * Bens móveis or imóveis, by the mapping (the chart is data, so never by the code): an account only the property
   * tenures use (`contas-imoveis`) is 'imoveis'; any other (asset types, assets without a type, the transitory) 'moveis'.
   */
  grupo: RmbGrupo;
  saldoAnterior: string;
  incorporacoes: string;
  baixas: string;
  transferencias: string;
  depreciacao: string;
  reavaliacaoReducao: string;
  saldoAtual: string;
}
export type RmbTotais = Omit<RmbConta, 'conta' | 'grupo'>;
export const RMB_GRUPOS = ['moveis', 'imoveis'] as const;
export type RmbGrupo = (typeof RMB_GRUPOS)[number];
export const RMB_GRUPO_LABELS: Record<RmbGrupo, string> = { moveis: 'Bens móveis', imoveis: 'Bens imóveis' };

export interface Rmb {
  competencia: string;
  /** Whether the month's depreciation close is concluded (its depreciation is in the figures). */
  fechada: boolean;
  contas: RmbConta[];
  /** The sums of the lines of each group. */
  subtotais: Record<RmbGrupo, RmbTotais>;
  totais: RmbTotais;
}

/** An account's balance at the month's end (the monthly balance matrix): cumulative debits and credits. */
export interface SaldoConta {
  conta: { id: number; codigo: string; nome: string; papel: string };
  debitos: string;
  creditos: string;
  /** debitos − creditos. */
  saldo: string;
}
export interface SaldosMes {
  competencia: string;
  fechada: boolean;
  saldos: SaldoConta[];
}

/** POST /api/contabilidade/conciliacoes: the month of the accounting system's balances (a multipart field). */
export const conciliacaoFields = z.strictObject({ competencia });

/** One account compared: Tombo's balance and the accounting system's (debit − credit), and tombo − contabilidade. */
export interface DiferencaConta {
  conta: { id: number; codigo: string; nome: string };
  tombo: string;
  contabilidade: string;
  diferenca: string;
}
export interface Conciliacao {
  competencia: string;
  diferencas: DiferencaConta[];
}
