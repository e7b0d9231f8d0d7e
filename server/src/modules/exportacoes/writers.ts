import type { ExportColumnKind } from '@tombo/shared';
import { fileSink } from '../../jobs/file-sink';
import { STYLE, sheetFrame, workbookParts, xmlText } from './xlsx-parts';
import { writeZip } from './zip';

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

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel (1900 date system) serial day. */
const EXCEL_UNIX_EPOCH = 25569;

/** A column's letters in a cell reference: A…Z, AA…ZZ, AAA… */
const columnLetters = (i: number): string =>
  (i >= 26 ? columnLetters(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** A text cell written in place (an inline string: no shared-strings table to hold in memory). */
function textCell(ref: string, style: string, text: string): string {
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

/** A row's value as an XLSX cell: numbers and dates typed with their column's format, text neutralised, nothing when empty. */
function xlsxCell(col: FileColumn, ref: string, style: string, v: unknown): string {
  const n = col.kind === 'money' || col.kind === 'number' ? asNumber(v) : null;
  if (n != null) return `<c r="${ref}"${style}><v>${n}</v></c>`;
  if (col.kind === 'date' && v instanceof Date && !Number.isNaN(v.getTime()))
    return `<c r="${ref}"${style}><v>${EXCEL_UNIX_EPOCH + v.getTime() / MS_PER_DAY}</v></c>`;
  const text = v == null ? '' : neutralise(asText(v));
  return text ? textCell(ref, style, text) : '';
}

/**
 * Characters of sheet XML handed to the zip at a time. Small enough for the text to stay a young,
 * short-lived string: a whole chunk's XML (megabytes) lands in V8's large-object space, which only
 * a full GC frees, and piles up there.
 */
const PIECE_CHARS = 16_384;

/** The sheet's XML, a chunk of rows at a time, pulled as the zip takes it (progress after each chunk). */
async function* sheetXml(columns: FileColumn[], rows: Rows, progress: Progress) {
  const [open, close] = sheetFrame(columns.map((c) => c.width));
  const letters = columns.map((_, i) => columnLetters(i));
  const styles = columns.map((c) =>
    c.kind === 'money' ? ` s="${STYLE.money}"` : c.kind === 'date' ? ` s="${STYLE.date}"` : '',
  );
  const bold = ` s="${STYLE.bold}"`;
  yield `${open}<row r="1">${columns.map((c, i) => textCell(`${letters[i]}1`, bold, c.header)).join('')}</row>`;
  let line = 1;
  for await (const chunk of rows) {
    let xml = '';
    for (const r of chunk) {
      line++;
      xml += `<row r="${line}">`;
      for (let i = 0; i < columns.length; i++)
        xml += xlsxCell(columns[i], letters[i] + line, styles[i], r[columns[i].key]);
      xml += '</row>';
      if (xml.length < PIECE_CHARS) continue;
      yield xml;
      xml = '';
    }
    if (xml) yield xml;
    await progress(line - 1);
  }
  yield close;
}

/**
 * Streams rows into an XLSX file: the sheet's XML is written straight into the zip, a chunk at a
 * time and only as fast as the file takes it (no cell objects, no shared strings), so memory
 * stays flat whatever the row count. Money as numbers with the R$ format, dates as dates with
 * dd/mm/yyyy, the header row bold and frozen.
 */
export async function writeXlsx(
  file: string,
  sheetName: string,
  columns: FileColumn[],
  rows: Rows,
  progress: Progress,
) {
  let done = 0;
  const counted: Progress = (n) => progress((done = n));
  await writeZip(
    file,
    [
      ...workbookParts(sheetName, 'Tombo'),
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml(columns, rows, counted) },
    ],
    // Fastest deflate: the sheet XML compresses well at any level (a file ~3 % larger, less CPU).
    1,
  );
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
  const out = fileSink(file);
  try {
    await out.write('\ufeff' + columns.map((c) => csvField({ ...c, kind: 'text' }, c.header)).join(';') + '\r\n');
    let done = 0;
    for await (const chunk of rows) {
      let text = '';
      for (const r of chunk) text += columns.map((c) => csvField(c, r[c.key])).join(';') + '\r\n';
      await out.write(text);
      done += chunk.length;
      await progress(done);
    }
    await out.close();
    return { rows: done };
  } catch (err) {
    await out.abort();
    throw err;
  }
}
