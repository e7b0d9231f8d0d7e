import type { ExportColumnKind } from '@tombo/shared';

/** How a column's values are written: text, a number, money (R$), a date, or a date with its time. */
export type CellKind = ExportColumnKind | 'datetime';

/** A column of a written file: header, where its value is in a row, how it is written, its width. */
export interface FileColumn {
  key: string;
  header: string;
  kind: CellKind;
  width: number;
}

/** A file's rows, a chunk at a time (each row: values by column key). */
export type FileRows = AsyncIterable<Array<Record<string, unknown>>> | Iterable<Array<Record<string, unknown>>>;

/** Told the number of data rows written so far, after each chunk. */
export type Progress = (rowsDone: number) => Promise<void> | void;

/**
 * Text a spreadsheet could take for a formula (=, +, -, @, tab, CR at the start) gets a leading
 * apostrophe: shown as typed, never evaluated (OWASP "CSV injection"). The imports remove it again.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A date as dd/mm/aaaa (its UTC day: the rows carry days as UTC midnights). */
export const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** A date with its time as dd/mm/aaaa hh:mm (UTC fields: the rows carry wall-clock times as UTC). */
const ddmmyyyyhhmm = (d: Date) =>
  `${ddmmyyyy(d)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;

/** Any value as the text a cell shows: dates dd/mm/aaaa, booleans Sim/Não, nothing for null. */
export const asText = (v: unknown, kind: CellKind = 'text'): string =>
  v == null
    ? ''
    : v instanceof Date
      ? kind === 'datetime'
        ? ddmmyyyyhhmm(v)
        : ddmmyyyy(v)
      : typeof v === 'boolean'
        ? v
          ? 'Sim'
          : 'Não'
        : String(v);

/** A number or a numeric text ("7,5" too) as a number; null when it is none. */
export const asNumber = (v: unknown): number | null => {
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** What a row's value is written as in its column: a number, a date, or text (neutralised; '' for nothing). */
export type Typed = { number: number } | { date: Date } | { text: string };

/** Types a row's value by its column: money/number columns take numbers, date columns dates, the rest text. */
export function typed(col: FileColumn, v: unknown): Typed {
  const n = col.kind === 'money' || col.kind === 'number' ? asNumber(v) : null;
  if (n != null) return { number: n };
  if ((col.kind === 'date' || col.kind === 'datetime') && v instanceof Date && !Number.isNaN(v.getTime()))
    return { date: v };
  return { text: v == null ? '' : neutralise(asText(v, col.kind)) };
}
