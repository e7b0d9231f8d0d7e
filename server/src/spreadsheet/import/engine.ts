import type { ImportError } from '@tombo/shared';
import { HttpError } from '../../http/errors';
import { SPREADSHEET_MSG, SpreadsheetError } from '../errors';
import { openSpreadsheet, type ReadOptions } from '../index';
import type { Cell } from '../types';
import type { ColumnMap } from './columns';

/**
 * The one spreadsheet import pipeline: file → rows → column mapping → per-row check (errors per
 * line and field) → a dry run (the report) or a commit (batches of good rows written inside the
 * caller's transaction). Each import configures it: its limits and answers, its columns, its row
 * check, the key its rows may not repeat, what a commit writes. docs/decisions/spreadsheets.md.
 */

/** One row as an import's check sees it. */
export interface ImportRow {
  /** The row number a spreadsheet program shows (the header is 1). */
  line: number;
  cells: Cell[];
  /** The cell of a mapped field (undefined when the field has no column). */
  cell(key: string): Cell | undefined;
  /** Reports an error of this row: the field's label and a pt-BR message. */
  error(field: string, message: string): void;
}

/** What an import configures: how its file is read and mapped, and how one row is checked. */
export interface ImportSpec<T> {
  /** Rows allowed, bytes an XLSX may inflate, whether row 1 is a header. */
  read: ReadOptions;
  /** A file the reader refuses, as this import answers it (an HttpError, a JobFailure…). */
  failure(err: SpreadsheetError): unknown;
  /** Each field's column, from the header row (empty without one); may throw (a required column missing). */
  columns(header: string[]): ColumnMap;
  /** One row: its value, or null once it reported its errors. */
  row(row: ImportRow): T | null;
  /** A key no two good rows of the file may share: the later row gets `repeated`'s error. */
  unique?: { field: string; of(value: T): string | null; repeated(key: string, firstLine: number): string };
}

/**
 * The reader's refusals as HTTP answers: 413 TOO_LARGE or 422 UNPROCESSABLE with the reason, also in
 * `fields.file`; the generic "cannot read" text becomes the import's own `badFile`.
 */
export const refusal =
  (badFile: string) =>
  (err: SpreadsheetError): HttpError => {
    const message = err.message === SPREADSHEET_MSG.badFile ? badFile : err.message;
    return new HttpError(err.status, err.status === 413 ? 'TOO_LARGE' : 'UNPROCESSABLE', message, { file: message });
  };

/** A checked row: its value when good, else its errors. */
export interface CheckedRow<T> {
  line: number;
  cells: Cell[];
  value: T | null;
  errors: ImportError[];
}

/** Reads, maps and checks the file's rows one at a time (streamed: nothing is kept but the keys seen). */
export async function* checkRows<T>(file: string, spec: ImportSpec<T>): AsyncGenerator<CheckedRow<T>> {
  let sheet;
  try {
    sheet = await openSpreadsheet(file, spec.read);
  } catch (err) {
    throw err instanceof SpreadsheetError ? spec.failure(err) : err;
  }
  const firstLine = new Map<string, number>();
  try {
    const columns = spec.columns(sheet.header);
    for await (const { line, cells } of sheet.rows) {
      const errors: ImportError[] = [];
      let value = spec.row({
        line,
        cells,
        cell: (key) => (columns[key] === undefined ? undefined : cells[columns[key]]),
        error: (field, message) => void errors.push({ line, field, message }),
      });
      const key = value != null && spec.unique ? spec.unique.of(value) : null;
      if (key != null && spec.unique) {
        const seen = firstLine.get(key);
        if (seen === undefined) firstLine.set(key, line);
        else {
          errors.push({ line, field: spec.unique.field, message: spec.unique.repeated(key, seen) });
          value = null;
        }
      }
      yield { line, cells, value: errors.length ? null : value, errors };
    }
  } catch (err) {
    throw err instanceof SpreadsheetError ? spec.failure(err) : err;
  } finally {
    await sheet.rows.return(undefined);
  }
}

/** A good row, as handed on. */
export interface GoodRow<T> {
  line: number;
  value: T;
}

/** Keys already in the register, looked up for a batch of good rows at a time: those rows become bad. */
export interface TakenKeys<T> {
  batch: number;
  field: string;
  of(value: T): string;
  lookup(keys: string[]): Promise<Set<string>>;
  error(key: string): string;
}

/** How a run treats the checked rows. */
export interface ImportRun<T> {
  /**
   * Where good rows go, a batch at a time: a commit's writes (inside the caller's transaction) or rows
   * kept for one. None: a dry run (the report only). `batch` defaults to all, once every row was checked.
   */
  good?: { batch?: number; write(rows: Array<GoodRow<T>>): Promise<void> | void };
  /**
   * 'skip' (default): bad rows are reported and left out. 'all-or-nothing': once a row is bad no more
   * rows go to `good`, and `reject` gets the errors at the end — it throws, so the transaction rolls back.
   */
  badRows?: 'skip' | 'all-or-nothing';
  reject?(errors: ImportError[]): never;
  /** Keys of good rows already in the register (a dry run's report; a commit checks them as it writes). */
  taken?: TakenKeys<T>;
  /** Each bad row's errors as they are found (a report file). */
  onErrors?(errors: ImportError[]): Promise<void> | void;
  /** Errors kept in the outcome (default: all). */
  keepErrors?: number;
  /** Every `every` rows: a turn given to other work, then `report` told the rows read so far. */
  progress?: { every: number; report?(rows: number): void };
}

/** What a run found: rows read, good rows, the errors (the first `keepErrors`), their count, keys taken. */
export interface ImportOutcome {
  total: number;
  valid: number;
  errors: ImportError[];
  errorCount: number;
  taken: number;
}

/** Gives the event loop to other work (between batches of rows). */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs an import over its checked rows: counts them, reports the errors, hands the good rows on as told. */
export async function runImport<T>(rows: AsyncIterable<CheckedRow<T>>, run: ImportRun<T>): Promise<ImportOutcome> {
  const out: ImportOutcome = { total: 0, valid: 0, errors: [], errorCount: 0, taken: 0 };
  const keep = run.keepErrors ?? Infinity;
  const batch = run.good?.batch ?? Infinity;
  const atomic = run.badRows === 'all-or-nothing';
  let good: Array<GoodRow<T>> = [];
  let unchecked: Array<GoodRow<T>> = [];
  const bad = async (errors: ImportError[]) => {
    out.errorCount += errors.length;
    for (const e of errors) if (out.errors.length < keep) out.errors.push(e);
    await run.onErrors?.(errors);
  };
  const accept = (r: GoodRow<T>) => {
    out.valid++;
    if (run.good && !(atomic && out.errorCount)) good.push(r);
  };
  const flush = async (all: boolean) => {
    if (!run.good || !good.length || (!all && good.length < batch)) return;
    if (atomic && out.errorCount) good = [];
    else await run.good.write(good.splice(0));
  };
  const lookup = async (all: boolean) => {
    const t = run.taken;
    if (!t || !unchecked.length || (!all && unchecked.length < t.batch)) return;
    const list = unchecked;
    unchecked = [];
    const found = await t.lookup(list.map((r) => t.of(r.value)));
    for (const r of list) {
      const key = t.of(r.value);
      if (!found.has(key)) accept(r);
      else {
        out.taken++;
        await bad([{ line: r.line, field: t.field, message: t.error(key) }]);
      }
    }
  };
  for await (const row of rows) {
    out.total++;
    if (row.value == null) await bad(row.errors);
    else if (run.taken) unchecked.push({ line: row.line, value: row.value });
    else accept({ line: row.line, value: row.value });
    await lookup(false);
    await flush(false);
    if (run.progress && out.total % run.progress.every === 0) {
      await yieldToOthers();
      run.progress.report?.(out.total);
    }
  }
  await lookup(true);
  if (atomic && out.errorCount) run.reject?.(out.errors);
  await flush(true);
  return out;
}
