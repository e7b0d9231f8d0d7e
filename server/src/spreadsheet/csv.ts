import fs from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import { TextDecoder } from 'node:util';
import { SPREADSHEET_LIMITS, SPREADSHEET_MSG, SpreadsheetError, badFile } from './errors';
import type { RawRow } from './types';

/**
 * CSV as registers arrive from other systems: UTF-8 (with or without BOM), UTF-16 with BOM, or
 * Latin-1/Windows-1252 (what Excel and most Brazilian public-sector systems write); `;`, `,`, tab
 * or `|` separated; quoted fields with line breaks. Streamed: a consumer that stops early stops the read.
 */

const BOMS: Array<{ bytes: number[]; encoding: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** Whether bytes are valid UTF-8 (a sequence cut at the end of the sample counts as valid). */
export function looksUtf8(sample: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The file as text chunks. The encoding is a BOM's, else decided at the first non-ASCII byte: UTF-8
 * if the rest of that chunk is valid UTF-8, else Windows-1252 (a superset of Latin-1 in practice).
 */
async function* decodedChunks(file: string): AsyncGenerator<string> {
  const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  let decoder: TextDecoder | null = null;
  let first = true;
  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      let chunk = raw;
      if (first) {
        first = false;
        const bom = BOMS.find((b) => b.bytes.every((x, i) => chunk[i] === x));
        if (bom) {
          decoder = new TextDecoder(bom.encoding);
          chunk = chunk.subarray(bom.bytes.length);
        }
      }
      if (!decoder) {
        let i = 0;
        while (i < chunk.length && chunk[i] < 0x80) i++;
        if (i === chunk.length) {
          yield chunk.toString('latin1');
          continue;
        }
        decoder = new TextDecoder(looksUtf8(chunk.subarray(i)) ? 'utf-8' : 'windows-1252');
      }
      yield decoder.decode(chunk, { stream: true });
    }
    const rest = decoder?.decode() ?? '';
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}

/** The separator of the header line: the most frequent of `;` `,` tab `|` outside quotes (`;` on a tie). */
export function detectDelimiter(firstLine: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0, '|': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  return Object.entries(counts).reduce((best, cur) => (cur[1] > best[1] ? cur : best), [';', 0])[0];
}

/** Rows of the CSV at `file`; `line` counts records (a field with line breaks stays on one row). */
export async function* readCsvRows(file: string): AsyncGenerator<RawRow> {
  const chunks = decodedChunks(file);
  let head = '';
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value;
    if (head.includes('\n') || head.length >= 64 * 1024) break;
  }
  const cut = head.indexOf('\n');
  const delimiter = detectDelimiter(cut < 0 ? head : head.slice(0, cut));
  async function* text() {
    if (head) yield head;
    yield* chunks;
  }
  const { parse } = await import('csv-parse');
  const source = Readable.from(text());
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: SPREADSHEET_LIMITS.maxRecordBytes,
  });
  // Not `source.pipe(parser)`: a read failing mid-file must reach the loop below, not be an unheard 'error'.
  pipeline(source, parser, () => undefined);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      if (record.some((c) => c.includes('\u0000'))) throw badFile();
      yield { line, cells: record };
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    const code = (err as { code?: string }).code;
    const at = (err as { lines?: number }).lines ?? line + 1;
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new SpreadsheetError('too-large', SPREADSHEET_MSG.recordTooLarge(line + 1));
    if (code?.startsWith('CSV_')) throw badFile(SPREADSHEET_MSG.badCsvAt(at));
    throw badFile();
  } finally {
    parser.destroy();
    source.destroy();
    await chunks.return(undefined);
  }
}
