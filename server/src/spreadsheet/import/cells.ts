import type { CustomFieldValues, FieldType } from '@tombo/shared';
import type { Cell } from '../types';

/**
 * How a cell becomes a field value, for every import: Tombo's own exports read back (neutralised
 * text, typed numbers and dates) and other systems' registers (dd/mm/aaaa, "R$ 1.250,50", "Sim").
 */

/**
 * Text an export neutralised against formula injection ("'=SOMA(...)", spreadsheet/write/cells.ts)
 * comes back without the apostrophe, so an exported file imports back as it was.
 */
const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** A cell as trimmed text (a date as AAAA-MM-DD). */
export const str = (c: Cell | undefined): string =>
  c == null ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : unneutralise(String(c).trim());

/** A cell as text; a whole number read from an XLSX keeps its digits (no "1.29e9"). */
export const text = (c: Cell | undefined): string =>
  typeof c === 'number' && Number.isInteger(c) ? c.toFixed(0) : str(c);

/** A money cell as a decimal string: "R$ 1.250,50" → "1250.50"; empty → null. */
export function moneyOf(c: Cell | undefined): string | null {
  if (c == null || c === '') return null;
  if (typeof c === 'number') return String(c);
  let s = String(c).replace(/R\$|\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  return s;
}

/** A date cell as AAAA-MM-DD (dd/mm/aaaa, dd/mm/aa, ISO, a sheet date); empty → null; unreadable → undefined. */
export function dateOf(c: Cell | undefined): string | null | undefined {
  if (c == null || c === '') return null;
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? undefined : c.toISOString().slice(0, 10);
  const s = String(c).trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) {
    const year = m[3].length === 2 ? (Number(m[3]) > new Date().getFullYear() % 100 ? '19' : '20') + m[3] : m[3];
    return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? s : undefined;
}

/** The same folding as immutable_unaccent(lower(x)): what enum cells are compared by. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A fixed value by its key or label ("Em uso", "em_uso", "em uso"); empty → null; unknown → undefined. */
export function enumOf<T extends string>(values: readonly T[], labels: Record<T, string>, c: Cell | undefined) {
  const s = fold(str(c));
  if (!s) return null;
  return values.find((v) => fold(v) === s || fold(labels[v]) === s || fold(v.replace(/_/g, ' ')) === s);
}

/** A number as another system writes it: "1.250,50" (decimal comma, thousands dots) → 1250.5. */
const numberOf = (s: string) => (/^-?[\d.]*,\d+$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s);

/** One cell as the value a custom field of `type` takes (dd/mm/aaaa dates, decimal commas, Sim/Não, typed cells). */
export function customCellValue(type: FieldType, c: Cell): string | number | boolean {
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === 'number' || typeof c === 'boolean') return c;
  const s = str(c);
  if (type === 'DATE') {
    // A day that does not exist (31/02) stays as written, so the type check refuses it.
    const iso = dateOf(s);
    return iso && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : s;
  }
  if (type === 'NUMBER') return numberOf(s.replace(/\s/g, ''));
  if (type === 'BOOLEAN')
    return /^(s|sim|x|1|verdadeiro)$/i.test(s) ? 'true' : /^(n|nao|não|0|falso)$/i.test(s) ? 'false' : s;
  return s;
}

/** The custom values of a row: each mapped field's non-empty cell, as its type takes it (checked by the caller). */
export function customCells(
  columns: Iterable<[number, { key: string; type: FieldType }]>,
  cells: Cell[],
): CustomFieldValues {
  const values: CustomFieldValues = {};
  for (const [i, f] of columns) {
    const c = cells[i];
    if (c == null || str(c) === '') continue;
    values[f.key] = customCellValue(f.type, c);
  }
  return values;
}
