import fs from 'node:fs';
import { once } from 'node:events';
import type { ExportColumnKind } from '@tombo/shared';

/** A column of an export file: header, where its value is in a sheet row, how it is written. */
export interface FileColumn {
  key: string;
  header: string;
  kind: ExportColumnKind;
  width: number;
}

type Rows = AsyncIterable<Array<Record<string, unknown>>>;
type Progress = (rowsDone: number) => Promise<void> | void;

/**
 * Text a spreadsheet could take for a formula (=, +, -, @, tab, CR at the start) gets a leading
 * apostrophe: shown as typed, never evaluated (OWASP "CSV injection"). The import removes it again.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const asText = (v: unknown): string =>
  v == null ? '' : v instanceof Date ? ddmmyyyy(v) : typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : String(v);
const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const asNumber = (v: unknown): number | null => {
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** Excel number formats of the typed columns (Brazilian money and dates). */
export const MONEY_FMT = '"R$" #,##0.00';
export const DATE_FMT = 'dd/mm/yyyy';

/** A row's value in an XLSX cell: numbers and dates typed, text neutralised. */
function xlsxValue(col: FileColumn, v: unknown): unknown {
  if (col.kind === 'money' || col.kind === 'number') return asNumber(v) ?? (v == null ? null : neutralise(asText(v)));
  if (col.kind === 'date') return v instanceof Date ? v : v == null || v === '' ? null : neutralise(asText(v));
  return v == null ? null : neutralise(asText(v));
}

/** The part of readable-stream v2's state exceljs's zip entry (a PassThrough) exposes. */
interface ZipEntryStream {
  _writableState: { length: number };
  _readableState: { length: number };
  once(event: 'drain', listener: () => void): unknown;
}
const ZIP_BACKLOG_BYTES = 8 << 20;

/**
 * Waits while the sheet's zip entry holds more than ZIP_BACKLOG_BYTES not yet deflated. exceljs
 * writes committed rows into that entry without looking at its backpressure, so without this wait
 * the whole uncompressed sheet XML (~110 MB for 100,000 rows) piles up in memory.
 */
async function zipCaughtUp(ws: unknown) {
  const entry = (ws as { stream?: { pipes?: ZipEntryStream[] } }).stream?.pipes?.[0];
  if (!entry?._writableState || !entry._readableState) return;
  while (entry._writableState.length + entry._readableState.length > ZIP_BACKLOG_BYTES) {
    await new Promise<void>((resolve) => entry.once('drain', resolve));
  }
}

/**
 * Streams rows into an XLSX file (exceljs streaming writer: each row is committed and leaves
 * memory), money as numbers with the R$ format and dates as dates with dd/mm/yyyy.
 */
export async function writeXlsx(
  file: string,
  sheetName: string,
  columns: FileColumn[],
  rows: Rows,
  progress: Progress,
) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
    // Fastest deflate: the sheet XML compresses well at any level (a file ~3 % larger, less CPU).
    zip: { zlib: { level: 1 } },
  });
  wb.creator = 'Tombo';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  // One style object per column, shared by its cells: exceljs caches a style's id by object, so a
  // shared object is looked up once (a fresh copy per cell costs about a third of the export).
  const styles = columns.map((c) =>
    c.kind === 'money' ? { numFmt: MONEY_FMT } : c.kind === 'date' ? { numFmt: DATE_FMT } : {},
  );
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let done = 0;
  for await (const chunk of rows) {
    for (const r of chunk) {
      const row = ws.addRow(columns.map((c) => xlsxValue(c, r[c.key])));
      row.eachCell((cell, n) => {
        cell.style = styles[n - 1];
      });
      row.commit();
    }
    done += chunk.length;
    await zipCaughtUp(ws);
    await progress(done);
  }
  ws.commit();
  await wb.commit();
  return { rows: done };
}

/** A CSV field: decimal comma for numbers, dd/mm/aaaa dates, text neutralised, quoted when needed. */
function csvField(col: FileColumn, v: unknown): string {
  let s: string;
  const n = col.kind === 'money' || col.kind === 'number' ? asNumber(v) : null;
  if (n != null) s = (col.kind === 'money' ? n.toFixed(2) : String(n)).replace('.', ',');
  else if (col.kind === 'date' && v instanceof Date) s = ddmmyyyy(v);
  else s = neutralise(asText(v));
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Streams rows into a CSV file as Brazilian Excel opens it: UTF-8 with BOM, `;` separated,
 * decimal comma, CRLF line ends. Waits for the stream to drain (memory stays flat).
 */
export async function writeCsv(file: string, columns: FileColumn[], rows: Rows, progress: Progress) {
  const out = fs.createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  try {
    await write('\ufeff' + columns.map((c) => csvField({ ...c, kind: 'text' }, c.header)).join(';') + '\r\n');
    let done = 0;
    for await (const chunk of rows) {
      let text = '';
      for (const r of chunk) text += columns.map((c) => csvField(c, r[c.key])).join(';') + '\r\n';
      await write(text);
      done += chunk.length;
      await progress(done);
    }
    out.end();
    await once(out, 'finish');
    return { rows: done };
  } catch (err) {
    out.destroy();
    throw err;
  }
}
