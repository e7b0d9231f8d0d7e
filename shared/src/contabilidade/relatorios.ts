import { z } from 'zod';
import { idFromText, idNumber } from '../common';
import { competencia } from '../depreciacao/schemas';
import { isCalendarDay } from '../format/dates';
import type { DocumentoLancamento, FatoContabil } from './types';
import { CONTABILIDADE_MSG as M } from './messages';

/** The accounting papers (issue 36, "Reports"): the monthly statement, the journal and the ledger per account. */
export const CONTABILIDADE_RELATORIO_TIPOS = ['rmb', 'diario', 'razao'] as const;
export type ContabilidadeRelatorioTipo = (typeof CONTABILIDADE_RELATORIO_TIPOS)[number];

/** Their titles on the paper, the job and the screen. */
export const CONTABILIDADE_RELATORIO_TITULOS: Record<ContabilidadeRelatorioTipo, string> = {
  rmb: 'Demonstrativo Mensal de Bens Patrimoniais (RMB)',
  diario: 'Livro Diário',
  razao: 'Livro Razão',
};

/** Rows a journal's or ledger's screen asks for at a time, and the most a PDF prints (the XLSX takes any). */
export const CONTABILIDADE_RELATORIO_LIMITS = { pagina: 100, maxPagina: 500, maxPdfLinhas: 20_000 } as const;

const dia = z.string({ error: M.dataInvalida }).refine(isCalendarDay, { error: M.dataInvalida });
const limit = z.coerce
  .number({ error: M.limiteRelatorioInvalido })
  .int({ error: M.limiteRelatorioInvalido })
  .min(1, { error: M.limiteRelatorioInvalido })
  .max(CONTABILIDADE_RELATORIO_LIMITS.maxPagina, { error: M.limiteRelatorioInvalido })
  .optional();
const cursor = z.string().max(200, { error: M.cursorInvalido }).optional();

/** A period from `de` to `ate` (inclusive): `ate` before `de` is refused on `ate`. */
const periodoCheck = (v: { de?: string; ate?: string }, ctx: z.RefinementCtx) => {
  if (v.de && v.ate && v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: M.periodoInvertido });
};

/** GET /api/contabilidade/diario: the entries of a period in date order, a page after `cursor`. */
export const diarioQuery = z.strictObject({ de: dia, ate: dia, cursor, limit }).superRefine(periodoCheck);
export type DiarioQuery = z.output<typeof diarioQuery>;

/** GET /api/contabilidade/razao: one account's movements in a period with the running balance. */
export const razaoQuery = z
  .strictObject({ contaId: idFromText(M.contaNaoEncontrada), de: dia, ate: dia, cursor, limit })
  .superRefine(periodoCheck);
export type RazaoQuery = z.output<typeof razaoQuery>;

/**
 * POST /api/contabilidade/relatorios: a paper as a job. `rmb` takes `competencia`; `diario` a period (`de`, `ate`);
 * `razao` the period and `contaId`. A field of another kind of paper is refused (nothing is ignored silently).
 */
export const contabilidadeRelatorioBody = z
  .strictObject({
    tipo: z.enum(CONTABILIDADE_RELATORIO_TIPOS, { error: M.relatorioInvalido }),
    formato: z.enum(['pdf', 'xlsx'], { error: M.formatoRelatorioInvalido }),
    competencia: competencia.optional(),
    de: dia.optional(),
    ate: dia.optional(),
    contaId: idNumber(M.contaNaoEncontrada).optional(),
  })
  .superRefine((v, ctx) => {
    const falta = (campo: string, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
    const sobra = (campo: string) => falta(campo, M.campoDeOutroRelatorio);
    if (v.tipo === 'rmb') {
      if (!v.competencia) falta('competencia', M.competenciaObrigatoria);
      for (const k of ['de', 'ate', 'contaId'] as const) if (v[k] !== undefined) sobra(k);
      return;
    }
    if (!v.de) falta('de', M.periodoObrigatorio);
    if (!v.ate) falta('ate', M.periodoObrigatorio);
    if (v.competencia !== undefined) sobra('competencia');
    if (v.tipo === 'razao' && v.contaId === undefined) falta('contaId', M.contaObrigatoria);
    if (v.tipo === 'diario' && v.contaId !== undefined) sobra('contaId');
    periodoCheck(v, ctx);
  });
export type ContabilidadeRelatorioRequest = z.output<typeof contabilidadeRelatorioBody>;

/** An entry's lines summed per account and side (a close has one line per asset: the journal prints one per account). */
export interface PartidaDiario {
  conta: { id: number; codigo: string; nome: string };
  /** "1234.50"; "0.00" on the other side. */
  debito: string;
  credito: string;
  /** How many lines (assets) the sum holds. */
  linhas: number;
}

export interface LancamentoDiario {
  id: number;
  data: string;
  fato: FatoContabil;
  historico: string;
  documento: DocumentoLancamento;
  estornoDe: number | null;
  estornadoPor: number | null;
  /** Debits first, then credits, each in code order. */
  partidas: PartidaDiario[];
}

/** A page of the journal (the totals are the whole period's). */
export interface DiarioPagina {
  de: string;
  ate: string;
  totais: { lancamentos: number; debito: string; credito: string };
  lancamentos: LancamentoDiario[];
  /** Pass it back for the next page; null on the last. */
  cursor: string | null;
}

/** One entry's movement of the account: its lines summed, and the account's balance after it. */
export interface MovimentoRazao {
  lancamentoId: number;
  data: string;
  fato: FatoContabil;
  historico: string;
  estornoDe: number | null;
  debito: string;
  credito: string;
  linhas: number;
  /** Debit − credit of everything up to this entry (signed like every balance: the (−) accounts negative). */
  saldo: string;
}

/** A page of the ledger of one account; the balances and totals are the whole period's. */
export interface Razao {
  conta: { id: number; codigo: string; nome: string; papel: string };
  de: string;
  ate: string;
  /** The balance at the start of `de` (everything dated before it). */
  saldoAnterior: string;
  debitos: string;
  creditos: string;
  /** saldoAnterior + debitos − creditos: the balance at the end of `ate`. */
  saldoFinal: string;
  movimentos: MovimentoRazao[];
  cursor: string | null;
}

/** The signature lines at the end of every accounting paper (the names are written by hand, with the CRC). */
export const CONTABILIDADE_ASSINATURAS = {
  contador: 'Contador(a) — CRC nº',
  contadorNota: 'Nome e assinatura',
  patrimonio: 'Responsável pelo patrimônio',
  patrimonioNota: 'Departamento de Patrimônio',
} as const;
