import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { SPREADSHEET_LIMITS, SPREADSHEET_MSG, SpreadsheetError, badFile } from './errors';

/**
 * Just enough of the zip format to read an XLSX safely: the central directory (names, methods,
 * declared sizes) and one entry at a time, inflated as a stream whose output is counted, so a zip
 * bomb stops at the first byte over its declared size or over the reader's budget.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

export interface ZipDirectory {
  file: string;
  size: number;
  /** By lower-case name (OPC part names are case-insensitive). */
  entries: Map<string, ZipEntry>;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function readAt(fh: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw badFile();
  return buf;
}

/** Reads the central directory of a zip file; anything odd (zip64, encrypted, truncated) is a bad file. */
export async function openZip(file: string): Promise<ZipDirectory> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 22) throw badFile();
    const tailLength = Math.min(size, 22 + MAX_COMMENT);
    const tail = await readAt(fh, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw badFile();
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw badFile(); // zip64
    if (count > SPREADSHEET_LIMITS.maxZipEntries || cdOffset + cdSize > size) throw badFile();
    const cd = await readAt(fh, cdOffset, cdSize);
    const entries = new Map<string, ZipEntry>();
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw badFile();
      const nameLength = cd.readUInt16LE(p + 28);
      const entry: ZipEntry = {
        flags: cd.readUInt16LE(p + 8),
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        uncompressedSize: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      };
      p += 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
      if (p > cd.length) throw badFile();
      entries.set(entry.name.replace(/^\//, '').toLowerCase(), entry);
    }
    return { file, size, entries };
  } finally {
    await fh.close();
  }
}

/**
 * What a read may inflate in all. `declare` refuses up front the entries whose declared sizes add
 * up to more than the budget; the counting stream refuses output beyond an entry's declared size.
 */
export class InflateBudget {
  private declared = 0;
  private readonly seen = new Set<ZipEntry>();
  constructor(readonly max: number = SPREADSHEET_LIMITS.maxUncompressedBytes) {}

  /** Adds the entries' declared sizes (once each); throws the pt-BR "too large" error past the budget. */
  declare(...entries: ZipEntry[]): void {
    for (const e of entries) {
      if (this.seen.has(e)) continue;
      this.seen.add(e);
      this.declared += e.uncompressedSize;
    }
    if (this.declared > this.max) throw tooLarge();
  }
}

const tooLarge = () => new SpreadsheetError('too-large', SPREADSHEET_MSG.uncompressedTooLarge());

/** Passes bytes through while they stay within `limit`; one byte more fails the stream. */
class ByteCap extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(tooLarge());
    done(null, chunk);
  }
}

/**
 * One entry's content as a stream of UTF-8 text (decoded across chunk boundaries), inflated and
 * capped at its declared size, which `budget.declare` must have accepted. Destroying it closes the file.
 */
export async function openEntry(zip: ZipDirectory, entry: ZipEntry, budget: InflateBudget): Promise<Readable> {
  budget.declare(entry);
  if (entry.flags & 0x1 || (entry.method !== 0 && entry.method !== 8)) throw badFile();
  const fh = await fsp.open(zip.file, 'r');
  let start: number;
  try {
    const local = await readAt(fh, entry.localOffset, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw badFile();
    start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await fh.close();
  }
  if (start + entry.compressedSize > zip.size) throw badFile();
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw badFile();
  const source =
    entry.compressedSize === 0
      ? Readable.from([])
      : fs.createReadStream(zip.file, { start, end: start + entry.compressedSize - 1 });
  const cap = new ByteCap(entry.uncompressedSize);
  const stages = entry.method === 8 ? [source, zlib.createInflateRaw(), cap] : [source, cap];
  // Errors reach the consumer through `cap`; a consumer that stops early destroys the whole chain.
  pipeline(stages as [Readable, ...Transform[]], () => undefined);
  cap.setEncoding('utf8');
  return cap;
}
