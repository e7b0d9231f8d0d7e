/**
 * Exact money for depreciation: amounts are integer cents (bigint), read from and written as the API's
 * decimal strings ("1234.50"). Never floating point.
 */
export type Centavos = bigint;

/** "1234.5" | "1234.50" | "-3" → cents; throws on anything else. */
export function centavos(decimal: string): Centavos {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) throw new Error(`Valor inválido: ${decimal}`);
  const c = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

/** cents → "1234.50" */
export function decimal(c: Centavos): string {
  const neg = c < 0n;
  const abs = neg ? -c : c;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** ⌈a ÷ b⌉ for b > 0. */
export function divTeto(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b > 0n ? q + 1n : q;
}

/** a ÷ b rounded half up, for b > 0. */
export function divArredonda(a: bigint, b: bigint): bigint {
  const neg = a < 0n;
  const abs = neg ? -a : a;
  const q = (2n * abs + b) / (2n * b);
  return neg ? -q : q;
}

/** A percentage of a value, to the cent (half up): pct in hundredths of a percent (10 % = 1000). */
export const percentual = (valor: Centavos, pctCentesimos: bigint): Centavos =>
  divArredonda(valor * pctCentesimos, 10_000n);

export const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const max = (a: bigint, b: bigint) => (a > b ? a : b);
