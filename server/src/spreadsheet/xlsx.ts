import type { Readable } from 'node:stream';
import { SPREADSHEET_MSG, SpreadsheetError, badFile } from './errors';
import { InflateBudget, openEntry, openZip, type ZipDirectory, type ZipEntry } from './zip';
import type { Cell, RawRow } from './types';

/**
 * The first sheet of an XLSX, row by row. exceljs parses the parts (relationships, workbook, styles
 * for dates, shared strings, the sheet) but the zip is ours (`zip.ts`): parts are inflated one at a
 * time under an `InflateBudget`, in the order the sheet needs them, never into a temp file.
 * This calls exceljs 4.4's WorkbookReader part parsers (underscored, untyped): the round-trip test
 * of the import guards them on upgrades.
 */

interface ExcelRow {
  number: number;
  values: unknown[] | Record<string, unknown>;
}
interface ExcelParts {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ eventType: string; value: AsyncIterable<ExcelRow> }>;
}

/** A cell of exceljs as a plain value: rich text joined, formulas by their result, errors empty. */
export function cellValue(v: unknown): Cell {
  if (v == null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((t) => t.text ?? '').join('');
    if ('result' in o) return cellValue(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.error) return null;
  }
  return String(v);
}

/** Zip path of the workbook's first sheet (workbook order), from the workbook relationships. */
function firstSheetPath(parts: ExcelParts): string {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = parts.workbookRels?.find((r) => r.Id === rId)?.Target;
  if (!target) return 'xl/worksheets/sheet1.xml';
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  return path.toLowerCase();
}

/**
 * Rows of the first sheet of the XLSX at `file` (`line` = the sheet's row number), streamed: a
 * consumer that stops early leaves the rest of the sheet uninflated. Fails with a SpreadsheetError.
 */
export async function* readXlsxRows(file: string, budget = new InflateBudget()): AsyncGenerator<RawRow> {
  const open: Readable[] = [];
  const entryOf = async (zip: ZipDirectory, entry: ZipEntry) => {
    const stream = await openEntry(zip, entry, budget);
    open.push(stream);
    return stream;
  };
  try {
    const zip = await openZip(file);
    const part = (name: string) => zip.entries.get(name);
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (!rels || !workbook) throw badFile();
    const styles = part('xl/styles.xml');
    const shared = part('xl/sharedstrings.xml');
    budget.declare(...[rels, workbook, styles, shared].filter((e): e is ZipEntry => !!e));

    const { default: ExcelJS } = await import('exceljs');
    const options = { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore' };
    const parts = new ExcelJS.stream.xlsx.WorkbookReader(file, options as never) as unknown as ExcelParts;
    await parts._parseRels(await entryOf(zip, rels));
    await parts._parseWorkbook(await entryOf(zip, workbook));
    const sheet = part(firstSheetPath(parts));
    if (!sheet) throw new SpreadsheetError('bad-file', SPREADSHEET_MSG.noSheet);
    budget.declare(sheet);
    if (styles) await parts._parseStyles(await entryOf(zip, styles));
    if (shared) for await (const _ of parts._parseSharedStrings(await entryOf(zip, shared)));
    const sheetNo = /(\d+)\.xml$/.exec(sheet.name)?.[1] ?? '1';
    for (const { eventType, value } of parts._parseWorksheet(await entryOf(zip, sheet), sheetNo)) {
      if (eventType !== 'worksheet') continue;
      let last = 0;
      for await (const row of value) {
        const line = Number.isFinite(row.number) && row.number > last ? row.number : last + 1;
        last = line;
        const values = Array.isArray(row.values) ? row.values : [];
        yield { line, cells: Array.from(values.slice(1), cellValue) };
      }
    }
  } catch (err) {
    throw err instanceof SpreadsheetError ? err : badFile();
  } finally {
    for (const s of open) s.destroy();
  }
}
