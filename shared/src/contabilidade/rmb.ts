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
  saldoAnterior: string;
  incorporacoes: string;
  baixas: string;
  transferencias: string;
  depreciacao: string;
  reavaliacaoReducao: string;
  saldoAtual: string;
}
export type RmbTotais = Omit<RmbConta, 'conta'>;

export interface Rmb {
  competencia: string;
  /** Whether the month's depreciation close is concluded (its depreciation is in the figures). */
  fechada: boolean;
  contas: RmbConta[];
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
