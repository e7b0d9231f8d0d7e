import fsp from 'node:fs/promises';
import { SPREADSHEET_MSG, SpreadsheetError, badFile } from './errors';
import { readCsvRows } from './csv';
import { readXlsxRows } from './xlsx';
import type { InflateBudget } from './zip';
import type { Cell, RawRow } from './types';

export { SPREADSHEET_LIMITS, SPREADSHEET_MSG, SpreadsheetError, type SpreadsheetErrorKind } from './errors';
export { InflateBudget } from './zip';
export type { Cell, RawRow } from './types';

/** An opened spreadsheet: its header (first non-empty row) and its non-empty data rows, streamed. */
export interface Spreadsheet {
  header: string[];
  /** Stops with the pt-BR "more than N rows" error at the first non-empty row past `maxRows`. */
  rows: AsyncGenerator<RawRow>;
}

export interface ReadOptions {
  /** Non-empty data rows allowed (the header not counted). */
  maxRows: number;
  /** Bytes an XLSX may inflate (default SPREADSHEET_LIMITS.maxUncompressedBytes). */
  budget?: InflateBudget;
  /** false: the first row is data too (a register exported without column names); the header is empty. */
  header?: boolean;
}

const isBlank = (c: Cell) => c == null || (typeof c === 'string' && c.trim() === '');
/** Whether a row has any non-blank cell. */
export const hasData = (row: RawRow) => row.cells.some((c) => !isBlank(c));

/** What the first bytes say: an XLSX (zip), an old binary Excel file, or text taken as CSV. */
async function sniff(file: string): Promise<'xlsx' | 'csv'> {
  const head = Buffer.alloc(4);
  const fh = await fsp.open(file, 'r');
  try {
    await fh.read(head, 0, 4, 0);
  } finally {
    await fh.close();
  }
  if (head[0] === 0x50 && head[1] === 0x4b) return 'xlsx';
  if (head.readUInt32BE(0) === 0xd0cf11e0) throw badFile(SPREADSHEET_MSG.legacyXls);
  return 'csv';
}

/**
 * Opens an XLSX (first sheet) or CSV for reading row by row, within the limits: nothing is read
 * beyond the row limit, and an XLSX never inflates more than its budget. Fails with a SpreadsheetError.
 */
export async function openSpreadsheet(file: string, opts: ReadOptions): Promise<Spreadsheet> {
  const raw = (await sniff(file)) === 'xlsx' ? readXlsxRows(file, opts.budget) : readCsvRows(file);
  let header: RawRow | undefined;
  try {
    if (opts.header === false) return { header: [], rows: limited(raw, opts.maxRows) };
    for (;;) {
      const next = await raw.next();
      if (next.done) break;
      if (hasData(next.value)) {
        header = next.value;
        break;
      }
    }
  } catch (err) {
    await raw.return(undefined);
    throw err;
  }
  return {
    header: (header?.cells ?? []).map((c) => (c == null ? '' : c instanceof Date ? c.toISOString() : String(c).trim())),
    rows: limited(raw, opts.maxRows),
  };
}

/** The non-empty rows of `raw`, failing at the first one past `maxRows`. */
async function* limited(raw: AsyncGenerator<RawRow>, maxRows: number): AsyncGenerator<RawRow> {
  let count = 0;
  try {
    for await (const row of raw) {
      if (!hasData(row)) continue;
      if (++count > maxRows) throw new SpreadsheetError('too-many-rows', SPREADSHEET_MSG.tooManyRows(maxRows));
      yield row;
    }
  } finally {
    await raw.return(undefined);
  }
}
export { detectCsvDialect, type CsvDialect } from './detect';
/** Whether the file is an XLSX (zip) or text read as CSV (an old .xls is refused). */
export const spreadsheetKind = sniff;
// The writer (XLSX and CSV files) lives next to the reader: one module for spreadsheets.
export * from './write';
