import type { LancamentoContabil } from '@tombo/shared';

/** An entry's accounts with their totals (a close has one line per asset: the journal shows one per account). */
export interface ContaTotal {
  conta: { id: number; codigo: string; nome: string };
  debito: number;
  credito: number;
  /** How many lines (assets) the total sums. */
  linhas: number;
}

/** The entry's lines summed per account and side, in cents; debits first. */
export function totaisPorConta(l: LancamentoContabil): ContaTotal[] {
  const by = new Map<string, ContaTotal>();
  for (const p of l.partidas) {
    const debito = Math.round(Number(p.debito) * 100);
    const credito = Math.round(Number(p.credito) * 100);
    const key = `${p.conta.id}:${debito > 0 ? 'D' : 'C'}`;
    const t = by.get(key) ?? { conta: p.conta, debito: 0, credito: 0, linhas: 0 };
    t.debito += debito;
    t.credito += credito;
    t.linhas++;
    by.set(key, t);
  }
  return [...by.values()].sort((a, b) => Number(b.debito > 0) - Number(a.debito > 0));
}

/** Cents as the decimal string the money formatter reads. */
export const reais = (cents: number) => (cents / 100).toFixed(2);
