import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import multer from 'multer';
import { DOCUMENT_EXTENSIONS, FOTO_MIME_TYPES, PATRIMONIO_LIMITS, PATRIMONIO_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { HttpError, badRequest } from '../../http/errors';
import { logger } from '../../logger';
import type { TenantScope as Scope } from '../../tenancy/scope';

/** Bytes of asset files live under DATA_DIR/files/patrimonios/<municipalityId>/<patrimonioId>/ — never in a public folder. */
export const PATRIMONIO_FILES_DIR = path.join('files', 'patrimonios');
const filesBase = (config: Pick<Config, 'dataDir'>) => path.resolve(config.dataDir, PATRIMONIO_FILES_DIR);
export const uploadTmpDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp', 'uploads');

/** Absolute path of a stored relative path, or null when it would leave the asset files folder. */
export function resolveStored(config: Pick<Config, 'dataDir'>, stored: string): string | null {
  const base = filesBase(config);
  const abs = path.resolve(config.dataDir, stored);
  return abs.startsWith(base + path.sep) ? abs : null;
}

export async function removeStoredFiles(config: Pick<Config, 'dataDir'>, stored: string[]): Promise<void> {
  for (const s of stored) {
    const abs = resolveStored(config, s);
    if (abs)
      await fsp.rm(abs, { force: true }).catch((err) => logger.warn({ err, file: abs }, 'could not remove asset file'));
  }
}

export type UploadKind = 'foto' | 'documento' | 'import';
const LIMIT: Record<UploadKind, number> = {
  foto: PATRIMONIO_LIMITS.fotoMaxBytes,
  documento: PATRIMONIO_LIMITS.documentoMaxBytes,
  import: PATRIMONIO_LIMITS.importMaxBytes,
};
const TOO_LARGE: Record<UploadKind, string> = {
  foto: PATRIMONIO_MSG.fotoTooLarge,
  documento: PATRIMONIO_MSG.documentoTooLarge,
  import: PATRIMONIO_MSG.importTooLarge,
};

/**
 * Receives one multipart file (field `file`) into a temp folder under DATA_DIR. Too big → 413
 * (the partial temp file is removed by multer); no file → 400.
 */
export async function receiveFile(
  ctx: Pick<AppContext, 'config'>,
  req: Request,
  res: Response,
  kind: UploadKind,
): Promise<Express.Multer.File> {
  const dir = uploadTmpDir(ctx.config);
  await fsp.mkdir(dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_r, _f, cb) => cb(null, `${randomUUID()}.upload`) }),
    limits: { fileSize: LIMIT[kind], files: 1, fields: 10, fieldSize: 10_000 },
    defParamCharset: 'utf8',
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, 'TOO_LARGE', TOO_LARGE[kind]));
        return reject(badRequest(PATRIMONIO_MSG.fileMissing, { file: PATRIMONIO_MSG.fileMissing }));
      }
      reject(badRequest(PATRIMONIO_MSG.fileMissing, { file: PATRIMONIO_MSG.fileMissing }));
    }),
  );
  if (!req.file) throw badRequest(PATRIMONIO_MSG.fileMissing, { file: PATRIMONIO_MSG.fileMissing });
  return req.file;
}

const cleanName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .trim()
    .slice(-200) || 'arquivo';
const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();
const unsupported = (message: string) => new HttpError(415, 'UNPROCESSABLE', message, { file: message });

const DOC_MIME: Record<string, string> = {
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
};

export interface Processed {
  final: string;
  stored: string;
  mimeType: string;
  size: number;
  fileName: string;
}

/** Checks the bytes (never the name or the declared type) and writes the file in its final place. */
export async function processUpload(
  ctx: Pick<AppContext, 'config'>,
  scope: Scope,
  patrimonioId: number,
  kind: 'foto' | 'documento',
  file: Express.Multer.File,
): Promise<Processed> {
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file.path).catch(() => undefined);
  const original = cleanName(file.originalname);
  const dirRel = path.join(PATRIMONIO_FILES_DIR, String(scope.municipalityId), String(patrimonioId));
  await fsp.mkdir(path.join(ctx.config.dataDir, dirRel), { recursive: true });
  const id = randomUUID();
  if (kind === 'foto') {
    if (!detected || !(FOTO_MIME_TYPES as readonly string[]).includes(detected.mime))
      throw unsupported(PATRIMONIO_MSG.notAnImage);
    const stored = path.join(dirRel, `${id}.webp`);
    const final = path.join(ctx.config.dataDir, stored);
    const { default: sharp } = await import('sharp');
    try {
      // Re-encoded: auto-rotated, at most 1920 px, WebP, metadata (EXIF/GPS) stripped.
      const info = await sharp(file.path, { limitInputPixels: 100_000_000, failOn: 'error' })
        .rotate()
        .resize({
          width: PATRIMONIO_LIMITS.fotoMaxPixels,
          height: PATRIMONIO_LIMITS.fotoMaxPixels,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 85 })
        .toFile(final);
      const base = original.replace(/\.[^.]*$/, '') || 'foto';
      return { final, stored, mimeType: 'image/webp', size: info.size, fileName: `${base}.webp` };
    } catch {
      await fsp.rm(final, { force: true });
      throw new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_MSG.badImage, { file: PATRIMONIO_MSG.badImage });
    }
  }
  const nameExt = extOf(original);
  let ext: string;
  if (detected?.ext === 'cfb') {
    // Legacy OLE2 container (doc/xls/ppt): the bytes say "Office 97"; the name says which.
    if (!['doc', 'xls', 'ppt'].includes(nameExt))
      throw unsupported(detected ? PATRIMONIO_MSG.typeMismatch : PATRIMONIO_MSG.badDocument);
    ext = nameExt;
  } else {
    if (!detected || !(DOCUMENT_EXTENSIONS as readonly string[]).includes(detected.ext))
      throw unsupported(PATRIMONIO_MSG.badDocument);
    if (nameExt !== detected.ext) throw unsupported(PATRIMONIO_MSG.typeMismatch);
    ext = detected.ext;
  }
  const stored = path.join(dirRel, `${id}.${ext}`);
  const final = path.join(ctx.config.dataDir, stored);
  await fsp.rename(file.path, final);
  return { final, stored, mimeType: DOC_MIME[ext] ?? 'application/octet-stream', size: file.size, fileName: original };
}
