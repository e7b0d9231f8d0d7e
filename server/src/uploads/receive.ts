import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import multer from 'multer';
import { MSG } from '@tombo/shared';
import type { Config } from '../config';
import { HttpError, badRequest } from '../http/errors';

/** pt-BR answers to a malformed upload (any area's). */
export const UPLOAD_MSG = {
  missing: 'Envie um arquivo no campo "file".',
  unknownField: 'Campo não permitido: envie apenas o arquivo, no campo "file".',
  oneFile: 'Envie um arquivo por vez.',
  empty: 'O arquivo está vazio.',
} as const;

/** Uploads land here first (DATA_DIR/tmp/uploads), never in a public folder; the area moves them into place. */
export const uploadTmpDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp', 'uploads');

export interface ReceiveOptions {
  maxBytes: number;
  /** The 413 message (names the limit). */
  tooLarge: string;
  /** Short text fields allowed beside the file (each at most 100 bytes); any other → 400. Default: none. */
  fields?: readonly string[];
}

const missing = () => badRequest(UPLOAD_MSG.missing, { file: UPLOAD_MSG.missing });

/** Multer's refusals → our answers: too big 413, any other part than one `file` 400 (strict, like JSON bodies). */
function refusal(err: unknown, opts: ReceiveOptions): HttpError {
  if (!(err instanceof multer.MulterError)) return missing();
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, 'TOO_LARGE', opts.tooLarge, { file: opts.tooLarge });
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_VALUE':
      return badRequest(UPLOAD_MSG.unknownField);
    case 'LIMIT_UNEXPECTED_FILE':
      return err.field === 'file'
        ? badRequest(UPLOAD_MSG.oneFile, { file: UPLOAD_MSG.oneFile })
        : badRequest(UPLOAD_MSG.unknownField, { [err.field ?? '_']: MSG.http.unknownField });
    case 'LIMIT_FILE_COUNT':
      return badRequest(UPLOAD_MSG.oneFile, { file: UPLOAD_MSG.oneFile });
    default:
      return missing();
  }
}

/**
 * Receives one multipart file (field `file`, nothing else) into the temp folder under DATA_DIR. Too big
 * → 413, no file, an empty one, a second file or any other field → 400; multer removes a partial file.
 * The caller removes the returned temp file when done (`withUpload`).
 */
export async function receiveUpload(
  config: Pick<Config, 'dataDir'>,
  req: Request,
  res: Response,
  opts: ReceiveOptions,
): Promise<Express.Multer.File> {
  const dir = uploadTmpDir(config);
  await fsp.mkdir(dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_r, _f, cb) => cb(null, `${randomUUID()}.upload`) }),
    limits: { fileSize: opts.maxBytes, files: 1, fields: opts.fields?.length ?? 0, fieldSize: 100 },
    defParamCharset: 'utf8',
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => (err ? reject(refusal(err, opts)) : resolve())),
  );
  if (!req.file) throw missing();
  const extra = Object.keys((req.body ?? {}) as object).find((k) => !opts.fields?.includes(k));
  if (extra !== undefined) {
    await fsp.rm(req.file.path, { force: true });
    throw badRequest(UPLOAD_MSG.unknownField, { [extra]: MSG.http.unknownField });
  }
  if (req.file.size === 0) {
    await fsp.rm(req.file.path, { force: true });
    throw badRequest(UPLOAD_MSG.empty, { file: UPLOAD_MSG.empty });
  }
  return req.file;
}

/**
 * Runs the work of a received upload (check, place, commit). `placed` names files written in their final
 * place: they are removed unless the work succeeds. The temp file never outlives the request.
 */
export async function withUpload<T>(
  file: Express.Multer.File,
  work: (placed: (finalPath: string) => void) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  let ok = false;
  try {
    const result = await work((p) => written.push(p));
    ok = true;
    return result;
  } finally {
    const leftovers = ok ? [file.path] : [file.path, ...written];
    for (const p of leftovers) await fsp.rm(p, { force: true }).catch(() => undefined);
  }
}
