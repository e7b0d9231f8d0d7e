const NUMBER = new Intl.NumberFormat('pt-BR');
const INTEGER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimals = new Map<number, Intl.NumberFormat>();
const decimal = (digits: number) => {
  let f = decimals.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimals.set(digits, f);
  }
  return f;
};

/** 1234.5 → "1.234,5" (pt-BR grouping, up to 3 decimals). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** 1234.6 → "1.235". */
export function formatInteger(value: number): string {
  return INTEGER.format(value);
}

/** A number with exactly `digits` decimals: (1234.5, 2) → "1.234,50". */
export function formatDecimal(value: number | string, digits: number): string {
  return decimal(digits).format(Number(value));
}

/** A percentage as stored (10 or "10.00" means 10 %) → "10,00 %". */
export function formatPercent(value: number | string, digits = 2): string {
  return `${formatDecimal(value, digits)} %`;
}

/** Bytes → "512 B", "12 KB", "3,4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${decimal(1).format(bytes / 1024 / 1024)} MB`;
}

/** A stored decimal as an input field first shows it: "1234.5" → "1234,5" (no grouping, so it reads back as typed). */
export function decimalInput(value: string | number): string {
  return String(value).replace('.', ',');
}

/**
 * A number as a person typed it in pt-BR → the number: "1.234,5" → 1234.5, "1.234" → 1234,
 * "1234.5" → 1234.5, "-2" → -2. Null when it is not a plain decimal number.
 */
export function parseNumber(text: string): number | null {
  let s = text.replace(/\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

/** The singular or the plural of a word for a count: 1 → `one`; 0 and 2 or more → `many` (pt-BR: "0 bens"). */
export function pluralWord(n: number, one: string, many: string): string {
  return Math.abs(n) === 1 ? one : many;
}

/** A count with its noun, grouped in pt-BR: (1, 'imóvel', 'imóveis') → "1 imóvel"; 1234 → "1.234 imóveis". */
export function formatCount(n: number, one: string, many: string): string {
  return `${formatInteger(n)} ${pluralWord(n, one, many)}`;
}
