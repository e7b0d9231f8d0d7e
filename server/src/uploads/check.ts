import fs from 'node:fs';
import path from 'node:path';
import { HttpError } from '../http/errors';

/** The 415 messages of an area: its list of allowed types, and a name whose extension lies about the bytes. */
export interface TypeMessages {
  notAllowed: string;
  mismatch: string;
}

/** A file's type as found from its bytes: the extension it is stored under and the content type it is served with. */
export interface CheckedType {
  ext: string;
  mime: string;
}

export const EXECUTABLE_MSG = 'Arquivos executáveis não são permitidos.';

/** Content types by stored extension. */
export const MIME_BY_EXT: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Programs and installers file-type recognises: refused with their own message whatever the name says. */
const EXECUTABLES = new Set([
  'exe',
  'elf',
  'macho',
  'class',
  'wasm',
  'apk',
  'jar',
  'crx',
  'xpi',
  'deb',
  'rpm',
  'lnk',
  'swf',
  'cab',
  'dmg',
  'reg',
]);
/** Legacy Office files share one container (OLE2 / CFB): the bytes say "Office 97", the name says which. */
const CFB_EXTS = ['doc', 'xls', 'ppt'];
/** Plain text has no magic number: it is accepted by name only when its bytes are text (`textCharset`). */
const TEXT_EXTS = ['csv', 'txt'];
const ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg' };

export const extOf = (name: string) => {
  const ext = path.extname(name).slice(1).toLowerCase();
  return ALIASES[ext] ?? ext;
};
const unsupported = (message: string) => new HttpError(415, 'UNPROCESSABLE', message, { file: message });

/** Bytes that never stand in text: control characters but tab, line feed, page break and carriage return. */
const CONTROL_BYTES = [...Array(32).keys(), 0x7f].filter((b) => ![0x09, 0x0a, 0x0c, 0x0d].includes(b));

/**
 * The charset of a file that is text (UTF-8 when it decodes as such, else Windows-1252, as spreadsheet
 * programs write CSV in Brazil), or null when it holds control bytes other than tab, line and page breaks.
 */
export async function textCharset(file: string): Promise<'utf-8' | 'windows-1252' | null> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    if (CONTROL_BYTES.some((b) => chunk.includes(b))) return null;
    if (valid) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  return valid ? 'utf-8' : 'windows-1252';
}

/**
 * Finds a file's type from its bytes (magic numbers; the inner parts of zip-based Office files), never
 * from the declared type; the name must agree. `allowed` lists extensions ('jpeg' counts as 'jpg').
 * An executable, a type not allowed or a name that lies → 415 with the area's pt-BR message.
 */
export async function checkFileType(
  file: string,
  originalName: string,
  allowed: readonly string[],
  msg: TypeMessages,
): Promise<CheckedType> {
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  const ok = new Set(allowed.map((e) => ALIASES[e] ?? e));
  const nameExt = extOf(originalName);
  if (detected && EXECUTABLES.has(detected.ext)) throw unsupported(EXECUTABLE_MSG);
  if (detected?.ext === 'cfb') {
    if (CFB_EXTS.includes(nameExt) && ok.has(nameExt)) return { ext: nameExt, mime: MIME_BY_EXT[nameExt] };
    throw unsupported(CFB_EXTS.some((e) => ok.has(e)) ? msg.mismatch : msg.notAllowed);
  }
  if (!detected) {
    if (!TEXT_EXTS.includes(nameExt) || !ok.has(nameExt)) throw unsupported(msg.notAllowed);
    const charset = await textCharset(file);
    if (!charset) throw unsupported(msg.notAllowed);
    return { ext: nameExt, mime: `${MIME_BY_EXT[nameExt]}; charset=${charset}` };
  }
  if (!ok.has(detected.ext) || !MIME_BY_EXT[detected.ext]) throw unsupported(msg.notAllowed);
  if (nameExt !== detected.ext) throw unsupported(msg.mismatch);
  return { ext: detected.ext, mime: MIME_BY_EXT[detected.ext] };
}
