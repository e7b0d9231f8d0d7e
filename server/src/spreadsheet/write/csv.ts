import { fileSink } from '../../jobs/file-sink';
import { asText, neutralise, typed, type FileColumn, type FileRows, type Progress } from './cells';

/** One CSV field (`;`-separated), quoted when it holds the separator, a quote or a line break. */
export const csvField = (v: string | number): string => {
  const s = String(v);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A row's value as a CSV field's text: decimal comma for numbers, dd/mm/aaaa dates, text neutralised. */
function csvValue(col: FileColumn, v: unknown): string {
  const t = typed(col, v);
  if ('number' in t) return (col.kind === 'money' ? t.number.toFixed(2) : String(t.number)).replace('.', ',');
  return 'date' in t ? asText(t.date, col.kind) : t.text;
}

/** A CSV file written a batch of records at a time (`;`-separated, UTF-8 with BOM), in order. */
export interface CsvFile {
  /** Writes the records (fields already formatted), waiting for the disk when its buffer is full. */
  write(records: Array<Array<string | number>>): Promise<void>;
  close(): Promise<void>;
  /** Drops the file's stream (the caller removes the file). */
  abort(): Promise<void>;
}

/** Opens a CSV at `file` and writes its header; `eol` is CRLF unless told (Excel's own line end). */
export async function openCsv(file: string, header: string[], eol: '\r\n' | '\n' = '\r\n'): Promise<CsvFile> {
  const out = fileSink(file);
  const line = (fields: Array<string | number>) => fields.map(csvField).join(';') + eol;
  try {
    await out.write('\ufeff' + line(header));
  } catch (err) {
    await out.abort();
    throw err;
  }
  return {
    write: (records) => out.write(records.map(line).join('')),
    close: () => out.close(),
    abort: () => out.abort(),
  };
}

/**
 * Streams rows into a CSV file as Brazilian Excel opens it: UTF-8 with BOM, `;` separated,
 * decimal comma, CRLF line ends. Waits for the stream to drain (memory stays flat).
 */
export async function writeCsv(
  file: string,
  columns: FileColumn[],
  rows: FileRows,
  progress: Progress = () => undefined,
): Promise<{ rows: number }> {
  const out = await openCsv(
    file,
    columns.map((c) => neutralise(c.header)),
  );
  try {
    let done = 0;
    for await (const chunk of rows) {
      await out.write(chunk.map((r) => columns.map((c) => csvValue(c, r[c.key]))));
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
