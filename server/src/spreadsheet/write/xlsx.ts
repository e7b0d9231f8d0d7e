import { typed, type FileColumn, type FileRows, type Progress } from './cells';
import { STYLE, sheetFrame, sheetPath, workbookParts, xmlText } from './xlsx-parts';
import { writeZip } from './zip';

/** One sheet of a workbook: its name, columns and rows. */
export interface SheetSpec {
  name: string;
  columns: FileColumn[];
  rows: FileRows;
  /** false: no header row (a free-form sheet such as a summary); default true, bold and frozen. */
  header?: boolean;
  /** Rows written bold (a summary's titles and totals). */
  bold?: (row: Record<string, unknown>) => boolean;
}

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
  const t = typed(col, v);
  if ('number' in t) return `<c r="${ref}"${style}><v>${t.number}</v></c>`;
  if ('date' in t) return `<c r="${ref}"${style}><v>${EXCEL_UNIX_EPOCH + t.date.getTime() / MS_PER_DAY}</v></c>`;
  return t.text ? textCell(ref, style, t.text) : '';
}

/**
 * Characters of sheet XML handed to the zip at a time. Small enough for the text to stay a young,
 * short-lived string: a whole chunk's XML (megabytes) lands in V8's large-object space, which only
 * a full GC frees, and piles up there.
 */
const PIECE_CHARS = 16_384;
const BOLD = ` s="${STYLE.bold}"`;
const KIND_STYLE: Partial<Record<FileColumn['kind'], string>> = {
  money: ` s="${STYLE.money}"`,
  date: ` s="${STYLE.date}"`,
  datetime: ` s="${STYLE.datetime}"`,
};

/** The sheet's XML, a chunk of rows at a time, pulled as the zip takes it (progress after each chunk). */
async function* sheetXml(sheet: SheetSpec, progress: (rows: number) => Promise<void> | void) {
  const { columns } = sheet;
  const header = sheet.header !== false;
  const [open, close] = sheetFrame(
    columns.map((c) => c.width),
    header,
  );
  const letters = columns.map((_, i) => columnLetters(i));
  const styles = columns.map((c) => KIND_STYLE[c.kind] ?? '');
  let line = 0;
  yield open;
  if (header) {
    line = 1;
    yield `<row r="1"${BOLD} customFormat="1">${columns.map((c, i) => textCell(`${letters[i]}1`, BOLD, c.header)).join('')}</row>`;
  }
  const first = line;
  for await (const chunk of sheet.rows) {
    let xml = '';
    for (const r of chunk) {
      line++;
      const bold = sheet.bold?.(r) ?? false;
      xml += bold ? `<row r="${line}"${BOLD} customFormat="1">` : `<row r="${line}">`;
      for (let i = 0; i < columns.length; i++)
        xml += xlsxCell(columns[i], letters[i] + line, bold ? BOLD : styles[i], r[columns[i].key]);
      xml += '</row>';
      if (xml.length < PIECE_CHARS) continue;
      yield xml;
      xml = '';
    }
    if (xml) yield xml;
    await progress(line - first);
  }
  yield close;
}

/**
 * Streams rows into an XLSX file, one sheet after another: each sheet's XML is written straight
 * into the zip, a chunk at a time and only as fast as the file takes it (no cell objects, no shared
 * strings), so memory stays flat whatever the row count. Money as numbers with the R$ format, dates
 * as dates (dd/mm/yyyy, with hh:mm for `datetime`), the header row bold and frozen. `progress` is
 * told the data rows written so far (all sheets).
 */
export async function writeXlsx(
  file: string,
  sheets: SheetSpec | SheetSpec[],
  progress: Progress = () => undefined,
): Promise<{ rows: number }> {
  const list = Array.isArray(sheets) ? sheets : [sheets];
  let before = 0;
  let done = 0;
  const parts = list.map((sheet, i) => ({
    name: sheetPath(i + 1),
    content: (async function* () {
      before = done;
      yield* sheetXml(sheet, (n) => progress((done = before + n)));
    })(),
  }));
  await writeZip(
    file,
    [
      ...workbookParts(
        list.map((s) => s.name),
        'Tombo',
      ),
      ...parts,
    ],
    // Fastest deflate: the sheet XML compresses well at any level (a file ~3 % larger, less CPU).
    1,
  );
  return { rows: done };
}
