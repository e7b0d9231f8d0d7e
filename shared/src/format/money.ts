const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const AMOUNT = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as the API sends it ("1234.50") or a number, in any of the forms `formatMoney` takes. */
export type MoneyInput = string | number | null | undefined;

const toNumber = (value: MoneyInput) => (typeof value === 'string' ? Number(value) : value);

/**
 * "1234.5" → "R$ 1.234,50" (Intl pt-BR BRL; empty or unreadable → "R$ 0,00"). Intl puts a
 * non-breaking space after "R$"; `plainSpace` writes a plain one (stored texts, spreadsheets).
 */
export function formatMoney(value: MoneyInput, opts: { plainSpace?: boolean } = {}): string {
  const n = toNumber(value);
  const text = BRL.format(n == null || Number.isNaN(n) ? 0 : n);
  return opts.plainSpace ? text.replace(/\u00a0/g, ' ') : text;
}

/** "1234.5" → "1.234,50" for an input field; a value that cannot be read is returned as it is. */
export function formatMoneyInput(value: string | null | undefined): string {
  const parsed = value ? parseMoney(value) : null;
  return parsed == null ? (value ?? '') : AMOUNT.format(Number(parsed));
}

/**
 * What a person typed → the API's decimal string: "R$ 1.234,56", "1234,56" and "1234.56" → "1234.56";
 * "1.234" (pt-BR thousands) → "1234". Null when it is not an amount ≥ 0 with at most 2 decimals.
 */
export function parseMoney(text: string): string | null {
  let s = text.replace(/R\$|\s/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  return /^\d+(\.\d{1,2})?$/.test(s) ? s : null;
}
