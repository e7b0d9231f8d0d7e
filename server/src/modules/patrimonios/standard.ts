import {
  PATRIMONIO_STANDARD_KEYS,
  PATRIMONIO_STANDARD_LABELS,
  cnpjText,
  fornecedorCnpjProblem,
  type DadoOrigem,
  type PatrimonioStandardKey,
} from '@tombo/shared';
import { dateBR, shown } from './format';
import type { Row } from './presenters';
import { unprocessable } from './refs';

// The standard fields of real registers (issue 35): each is a column under its API name (schema.ts), so create,
// update, bulk edit and history walk the one key list instead of naming eleven fields each.

/** The standard fields and the dados de origem of a row. */
export type StandardValues = Pick<Row, PatrimonioStandardKey | 'dadosOrigem'>;
/** What a request may carry of them (undefined: not sent). */
export type StandardInput = Partial<{ [K in PatrimonioStandardKey]: string | null }> & { dadosOrigem?: DadoOrigem[] };

/** 422 when a supplier's CNPJ sent has not 14 digits with valid check digits (before anything is written). */
export function checkStandard(input: Pick<StandardInput, 'fornecedorCnpj'>): void {
  const problem = fornecedorCnpjProblem(input.fornecedorCnpj);
  if (problem) throw unprocessable('fornecedorCnpj', problem);
}

/** A new asset's standard fields: what was sent, the rest empty. */
export function standardOnCreate(input: StandardInput): StandardValues {
  checkStandard(input);
  const fields = Object.fromEntries(PATRIMONIO_STANDARD_KEYS.map((k) => [k, input[k] ?? null]));
  return { ...fields, dadosOrigem: input.dadosOrigem ?? [] } as StandardValues;
}

/** An edited asset's standard fields: what was sent replaces what was stored (null clears; a list replaces). */
export function standardOnUpdate(old: StandardValues, input: StandardInput): StandardValues {
  checkStandard(input);
  const fields = Object.fromEntries(
    PATRIMONIO_STANDARD_KEYS.map((k) => [k, input[k] === undefined ? old[k] : input[k]]),
  );
  return { ...fields, dadosOrigem: input.dadosOrigem ?? old.dadosOrigem ?? [] } as StandardValues;
}

/** How a standard field's value reads in a history line. */
function shownStandard(key: PatrimonioStandardKey, v: unknown): string {
  if (v == null || v === '') return '—';
  if (key === 'notaFiscalData' || key === 'dataBaixa') return dateBR(String(v));
  if (key === 'fornecedorCnpj') return cnpjText(String(v));
  return shown(v);
}

const itens = (n: number) => (n === 1 ? '1 item' : `${n} itens`);

/**
 * Each changed standard field as (label, old shown, new shown, old value, new value); the dados de origem as
 * one line with their counts (their values can be long) and the whole lists as audit values.
 */
export function standardChanges(
  old: Partial<StandardValues>,
  next: Partial<StandardValues>,
): Array<{ key: string; label: string; from: string; to: string; a: unknown; b: unknown }> {
  const out: Array<{ key: string; label: string; from: string; to: string; a: unknown; b: unknown }> = [];
  for (const k of PATRIMONIO_STANDARD_KEYS) {
    const a = old[k] ?? null;
    const b = next[k] === undefined ? a : (next[k] ?? null);
    if (a === b) continue;
    out.push({
      key: k,
      label: PATRIMONIO_STANDARD_LABELS[k],
      from: shownStandard(k, a),
      to: shownStandard(k, b),
      a,
      b,
    });
  }
  const before = old.dadosOrigem ?? [];
  const after = next.dadosOrigem ?? before;
  if (JSON.stringify(before) !== JSON.stringify(after))
    out.push({
      key: 'dadosOrigem',
      label: PATRIMONIO_STANDARD_LABELS.dadosOrigem,
      from: itens(before.length),
      to: itens(after.length),
      a: before,
      b: after,
    });
  return out;
}
