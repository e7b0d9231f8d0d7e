import { z } from 'zod';
import { idFromText, idNumber, int4FromText, version } from '../common';
import { APP_TIME_ZONE, isCalendarDay, isoDayOf } from '../format/dates';
import { ESTADOS_CONSERVACAO } from '../patrimonios/schemas';
import { LOAN_MSG } from './messages';

/**
 * A loan's status: 'aberto' (not returned, due today or later), 'atrasado' (not returned, due date
 * passed on the Brasília calendar) or 'devolvido'. Computed from the dates, so it is right at any hour.
 */
export const EMPRESTIMO_STATUSES = ['aberto', 'atrasado', 'devolvido'] as const;
export type EmprestimoStatus = (typeof EMPRESTIMO_STATUSES)[number];

/** How far ahead a return may be planned. */
export const LOAN_MAX_YEARS = 5;

/** Today on the city halls' calendar (America/Sao_Paulo), 'yyyy-MM-dd'. */
export const loanToday = (now = new Date()) => isoDayOf(now, APP_TIME_ZONE);

/** 'yyyy-MM-dd' moved by `days` calendar days. */
export function addDaysISO(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Why an expected return date ('yyyy-MM-dd') is refused, or null: a calendar day from today up to 5 years ahead. */
export function dueDateProblem(iso: string, today = loanToday()): string | null {
  if (!isCalendarDay(iso)) return LOAN_MSG.dueDateInvalid;
  if (iso < today) return LOAN_MSG.dueDatePast;
  if (iso > addDaysISO(today, LOAN_MAX_YEARS * 366)) return LOAN_MSG.dueDateTooFar;
  return null;
}

const digitsSum = (digits: number[], weights: number[]) => digits.reduce((s, d, i) => s + d * weights[i], 0);
const checkDigit = (sum: number) => (sum % 11 < 2 ? 0 : 11 - (sum % 11));

/** CPF check digits (11 digits, not all equal). */
export function isCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const d1 = checkDigit(digitsSum(n.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  const d2 = checkDigit(digitsSum(n.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return d1 === n[9] && d2 === n[10];
}

/** CNPJ check digits (14 digits, not all equal). */
export function isCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const d1 = checkDigit(digitsSum(n.slice(0, 12), w1));
  const d2 = checkDigit(digitsSum(n.slice(0, 13), [6, ...w1]));
  return d1 === n[12] && d2 === n[13];
}

/**
 * Light check of a borrower's document: 11 digits (punctuation aside) must be a valid CPF, 14 a valid
 * CNPJ; anything else (RG, registration number) is 3–30 letters, digits, spaces, '.', '-' or '/'.
 */
export function documentoProblem(doc: string): string | null {
  const digits = doc.replace(/[.\-/\s]/g, '');
  if (/^\d{11}$/.test(digits)) return isCpf(digits) ? null : LOAN_MSG.cpfInvalid;
  if (/^\d{14}$/.test(digits)) return isCnpj(digits) ? null : LOAN_MSG.cnpjInvalid;
  return /^[\p{L}\p{N} .\-/]{3,30}$/u.test(doc) ? null : LOAN_MSG.documentoInvalid;
}

/** Optional text: trimmed, '' and null read as null. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .nullish()
    .transform((v) => (v ? v : null));

/** The expected return date of the API: 'yyyy-MM-dd', from today (Brasília) up to 5 years ahead. */
export const dataPrevistaDevolucao = z.string({ error: LOAN_MSG.dueDateRequired }).superRefine((v, ctx) => {
  const problem = dueDateProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const tomadorNome = z
  .string({ error: LOAN_MSG.tomadorRequired })
  .trim()
  .min(1, { error: LOAN_MSG.tomadorRequired })
  .max(200, { error: 'O nome deve ter no máximo 200 caracteres.' });

export const tomadorDocumento = optionalText(30, 'Documento').superRefine((v, ctx) => {
  const problem = v ? documentoProblem(v) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const estadoDevolucao = z.enum(ESTADOS_CONSERVACAO, { error: LOAN_MSG.estadoRequired });

/** POST /api/emprestimos: lend an asset to a person, optionally for another sector of the municipality. */
export const emprestimoCreateBody = z.strictObject({
  patrimonioId: idNumber('Selecione o bem a emprestar.'),
  tomadorNome,
  tomadorDocumento,
  tomadorContato: optionalText(120, 'Contato'),
  setorDestinoId: idNumber('Setor de destino inválido.').nullish(),
  dataPrevistaDevolucao,
  observacoes: optionalText(2000, 'Observações'),
});
export type EmprestimoCreate = z.infer<typeof emprestimoCreateBody>;

/** POST /api/emprestimos/:id/devolucao: the return, with the asset's condition; `version` of the loan. */
export const devolucaoBody = z.strictObject({
  estadoDevolucao,
  observacoes: optionalText(2000, 'Observações'),
  version,
});
export type DevolucaoBody = z.infer<typeof devolucaoBody>;

/** Extending an open loan: a new expected return date (later than the current one) and why. */
export const prorrogacaoBody = z.strictObject({
  dataPrevistaDevolucao,
  motivo: optionalText(2000, 'Motivo'),
  version,
});
export type ProrrogacaoBody = z.infer<typeof prorrogacaoBody>;

export const EMPRESTIMO_SORT_KEYS = [
  'dataEmprestimo',
  'dataPrevistaDevolucao',
  'dataDevolucao',
  'numero_patrimonio',
  'tomadorNome',
] as const;
export type EmprestimoSortKey = (typeof EMPRESTIMO_SORT_KEYS)[number];

const isoDayQuery = z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' });
const PAGE_MSG = 'Página inválida.';

/**
 * GET /api/emprestimos. `status`: 'aberto' = every loan not returned (the overdue ones too),
 * 'atrasado' = not returned and past due, 'devolvido'. `sectorId`: the asset's sector;
 * `setorDestinoId`: the sector it was lent to; `dataDe`/`dataAte`: the day it was lent.
 */
export const emprestimoListQuery = z.strictObject({
  page: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1),
  pageSize: int4FromText(PAGE_MSG)
    .min(1, { error: PAGE_MSG })
    .max(100, { error: 'No máximo 100 linhas por página.' })
    .default(25),
  status: z.enum(EMPRESTIMO_STATUSES, { error: 'Status inválido.' }).optional(),
  q: z.string().trim().max(200).optional(),
  sectorId: idFromText().optional(),
  setorDestinoId: idFromText().optional(),
  dataDe: isoDayQuery.optional(),
  dataAte: isoDayQuery.optional(),
  sort: z.enum(EMPRESTIMO_SORT_KEYS, { error: 'Coluna de ordenação inválida.' }).default('dataEmprestimo'),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida (asc ou desc).' }).default('desc'),
});
export type EmprestimoListQuery = z.infer<typeof emprestimoListQuery>;

/** GET /api/emprestimos/bens: the asset picker of a new loan (number prefix or description). */
export const emprestimoBensQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
});
export type EmprestimoBensQuery = z.infer<typeof emprestimoBensQuery>;
