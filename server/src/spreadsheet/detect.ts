import fsp from 'node:fs/promises';
import { detectDelimiter, looksUtf8 } from './csv';

/** What a CSV's first bytes say: its encoding (as the reader will decode it) and its separator. */
export interface CsvDialect {
  encoding: 'UTF-8' | 'ISO-8859-1' | 'UTF-16';
  separator: string;
}

const SAMPLE = 1024 * 1024;

/**
 * The encoding and separator `readCsvRows` will use, for showing them: a BOM's encoding, else UTF-8
 * when the first non-ASCII bytes are valid UTF-8, else Latin-1 (read as Windows-1252); the separator of the first line.
 */
export async function detectCsvDialect(file: string): Promise<CsvDialect> {
  const fh = await fsp.open(file, 'r');
  const buf = Buffer.alloc(SAMPLE);
  let n = 0;
  try {
    n = (await fh.read(buf, 0, SAMPLE, 0)).bytesRead;
  } finally {
    await fh.close();
  }
  const bytes = buf.subarray(0, n);
  let encoding: CsvDialect['encoding'] = 'UTF-8';
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = bytes.subarray(3).toString('utf8');
  else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    encoding = 'UTF-16';
    text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
  } else {
    let i = 0;
    while (i < bytes.length && bytes[i] < 0x80) i++;
    if (i < bytes.length && !looksUtf8(bytes.subarray(i))) encoding = 'ISO-8859-1';
    text = encoding === 'UTF-8' ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes);
  }
  const cut = text.indexOf('\n');
  return { encoding, separator: detectDelimiter(cut < 0 ? text : text.slice(0, cut)) };
}
