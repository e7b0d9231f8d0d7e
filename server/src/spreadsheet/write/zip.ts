import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { fileSink } from '../../jobs/file-sink';

/**
 * Just enough of the zip format to write an XLSX as a stream: deflated entries with a data
 * descriptor (sizes and CRC after the data), a central directory, no zip64 (4 GB at most). Each
 * entry's content is pulled from its iterable only as fast as the file takes it, so memory stays
 * flat however large the entry. The reading side is server/src/spreadsheet/zip.ts.
 */

export interface ZipSource {
  name: string;
  content: string | Iterable<string> | AsyncIterable<string>;
}

const DESCRIPTOR_FLAG = 0x0008;
const DEFLATE = 8;
const VERSION = 20;

/** MS-DOS time and date of `d` (local time, as zip tools show it). */
function dosTime(d: Date): [time: number, date: number] {
  return [
    (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  ];
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

/**
 * A local (30 bytes) or central (46 bytes) header followed by the name: both hold the same run of
 * fields, from "version needed" on, starting at `at`.
 */
function header(signature: number, length: number, at: number, w: Written, [time, date]: [number, number]) {
  const b = Buffer.alloc(length);
  b.writeUInt32LE(signature, 0);
  b.writeUInt16LE(VERSION, at);
  b.writeUInt16LE(DESCRIPTOR_FLAG, at + 2);
  b.writeUInt16LE(DEFLATE, at + 4);
  b.writeUInt16LE(time, at + 6);
  b.writeUInt16LE(date, at + 8);
  b.writeUInt32LE(w.crc, at + 10);
  b.writeUInt32LE(w.compressed, at + 14);
  b.writeUInt32LE(w.size, at + 18);
  b.writeUInt16LE(w.name.length, at + 22);
  return Buffer.concat([b, w.name]);
}

/**
 * Writes the entries, in order, into a zip at `file`. On failure (a source throwing, e.g. a
 * cancelled job, or the disk) the file is closed and the error rethrown; the caller removes it.
 */
export async function writeZip(file: string, entries: ZipSource[], level = zlib.constants.Z_DEFAULT_COMPRESSION) {
  const out = fileSink(file);
  const stamp = dosTime(new Date());
  let offset = 0;
  const put = async (b: Buffer) => {
    offset += b.length;
    await out.write(b);
  };
  const written: Written[] = [];
  try {
    for (const entry of entries) {
      const w: Written = { name: Buffer.from(entry.name), offset, crc: 0, size: 0, compressed: 0 };
      // Sizes and CRC are not known yet: zero here, in the data descriptor after the data.
      await put(header(0x04034b50, 30, 4, w, stamp));
      const content = typeof entry.content === 'string' ? [entry.content] : entry.content;
      await pipeline(
        async function* () {
          for await (const text of content) {
            const b = Buffer.from(text);
            w.crc = zlib.crc32(b, w.crc);
            w.size += b.length;
            yield b;
          }
        },
        zlib.createDeflateRaw({ level }),
        async function* (deflated: AsyncIterable<Buffer>) {
          for await (const b of deflated) {
            w.compressed += b.length;
            yield b;
          }
        },
        out.stream,
        { end: false },
      );
      offset += w.compressed;
      if (offset > 0xffffffff || w.size > 0xffffffff) throw new Error('zip: mais de 4 GB (zip64 não suportado)');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(w.crc, 4);
      descriptor.writeUInt32LE(w.compressed, 8);
      descriptor.writeUInt32LE(w.size, 12);
      await put(descriptor);
      written.push(w);
    }
    const directoryOffset = offset;
    for (const w of written) {
      const central = header(0x02014b50, 46, 6, w, stamp);
      central.writeUInt16LE(VERSION, 4); // made by
      central.writeUInt32LE(w.offset, 42);
      await put(central);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - directoryOffset, 12);
    end.writeUInt32LE(directoryOffset, 16);
    await put(end);
    await out.close();
  } catch (err) {
    await out.abort();
    throw err;
  }
}
