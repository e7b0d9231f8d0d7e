import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import multer from 'multer';
import { and, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_EXTENSIONS,
  FOTO_MIME_TYPES,
  HISTORICO_ACTIONS,
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  type Patrimonio,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { patrimonioArquivos } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { logger } from '../../logger';
import { assetRooms, type Scope } from './scope';

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

interface Processed {
  final: string;
  stored: string;
  mimeType: string;
  size: number;
  fileName: string;
}

/** Checks the bytes (never the name or the declared type) and writes the file in its final place. */
async function processUpload(
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

type Assemble = (db: AppContext['db'], id: number) => Promise<Patrimonio>;
type OwnRow = (
  db: AppContext['db'],
  scope: Scope,
  id: number,
  lock?: boolean,
) => Promise<{ id: number; sectorId: number }>;

/**
 * Adds a photo or a document: nothing is written unless the bytes are what they claim and the
 * asset has room; the row, the history entry and the audit row go in one transaction.
 */
export async function addArquivo(
  ctx: AppContext,
  actor: Actor & { municipalityId: number },
  scope: Scope,
  patrimonioId: number,
  kind: 'foto' | 'documento',
  file: Express.Multer.File,
  deps: { ownRow: OwnRow; assemble: Assemble },
): Promise<Patrimonio> {
  let processed: Processed | null = null;
  try {
    await deps.ownRow(ctx.db, scope, patrimonioId); // 404 before any work
    processed = await processUpload(ctx, scope, patrimonioId, kind, file);
    const p = processed;
    return await mutate(ctx, actor, async (tx, out) => {
      await deps.ownRow(tx, scope, patrimonioId, true);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(patrimonioArquivos)
        .where(and(eq(patrimonioArquivos.patrimonioId, patrimonioId), eq(patrimonioArquivos.kind, kind)));
      if (kind === 'foto' && n >= PATRIMONIO_LIMITS.maxFotos) throw conflict(PATRIMONIO_MSG.tooManyFotos);
      if (kind === 'documento' && n >= PATRIMONIO_LIMITS.maxDocumentos)
        throw conflict(PATRIMONIO_MSG.tooManyDocumentos);
      const [row] = await tx
        .insert(patrimonioArquivos)
        .values({
          patrimonioId,
          municipalityId: scope.municipalityId,
          kind,
          fileName: p.fileName,
          storedPath: p.stored,
          mimeType: p.mimeType,
          size: p.size,
          uploadedById: actor.id,
          uploadedByName: actor.name,
        })
        .returning();
      const { addHistory } = await import('./service');
      await addHistory(
        tx,
        out,
        [
          {
            patrimonioId,
            action: kind === 'foto' ? HISTORICO_ACTIONS.fotoAdded : HISTORICO_ACTIONS.documentoAdded,
            details: `'${p.fileName}'`,
          },
        ],
        scope.municipalityId,
      );
      await audit(tx, out, {
        action: 'PATRIMONIO_FILE_ADD',
        entityType: 'Patrimonio',
        entityId: patrimonioId,
        details: { new_value: { kind, fileId: row.id, fileName: p.fileName, size: p.size } },
      });
      // Files do not bump `version`: an open edit form stays valid while photos are added.
      const asset = await deps.assemble(tx, patrimonioId);
      out.emit(assetRooms(scope.municipalityId, asset.sectorId), 'patrimonio.updated', asset);
      return asset;
    });
  } catch (err) {
    if (processed) await fsp.rm(processed.final, { force: true }).catch(() => undefined);
    throw err;
  } finally {
    await fsp.rm(file.path, { force: true }).catch(() => undefined);
  }
}

export async function removeArquivo(
  ctx: AppContext,
  actor: Actor & { municipalityId: number },
  scope: Scope,
  patrimonioId: number,
  fileId: string,
  deps: { ownRow: OwnRow; assemble: Assemble },
): Promise<Patrimonio> {
  let stored: string | null = null;
  const asset = await mutate(ctx, actor, async (tx, out) => {
    await deps.ownRow(tx, scope, patrimonioId, true);
    const [row] = await tx
      .delete(patrimonioArquivos)
      .where(
        and(
          eq(patrimonioArquivos.id, fileId),
          eq(patrimonioArquivos.patrimonioId, patrimonioId),
          eq(patrimonioArquivos.municipalityId, scope.municipalityId),
        ),
      )
      .returning();
    if (!row) throw notFound(PATRIMONIO_MSG.fileNotFound);
    stored = row.storedPath;
    const { addHistory } = await import('./service');
    await addHistory(
      tx,
      out,
      [
        {
          patrimonioId,
          action: row.kind === 'foto' ? HISTORICO_ACTIONS.fotoRemoved : HISTORICO_ACTIONS.documentoRemoved,
          details: `'${row.fileName}'`,
        },
      ],
      scope.municipalityId,
    );
    await audit(tx, out, {
      action: 'PATRIMONIO_FILE_REMOVE',
      entityType: 'Patrimonio',
      entityId: patrimonioId,
      details: { old_value: { kind: row.kind, fileId: row.id, fileName: row.fileName } },
    });
    const a = await deps.assemble(tx, patrimonioId);
    out.emit(assetRooms(scope.municipalityId, a.sectorId), 'patrimonio.updated', a);
    return a;
  });
  if (stored) await removeStoredFiles(ctx.config, [stored]);
  return asset;
}

/** The file of an asset the caller may see (404 otherwise), streamed with safe headers. */
export async function sendArquivo(
  ctx: AppContext,
  scope: Scope,
  patrimonioId: number,
  fileId: string,
  res: Response,
  ownRow: OwnRow,
): Promise<void> {
  await ownRow(ctx.db, scope, patrimonioId);
  const [row] = await ctx.db
    .select()
    .from(patrimonioArquivos)
    .where(
      and(
        eq(patrimonioArquivos.id, fileId),
        eq(patrimonioArquivos.patrimonioId, patrimonioId),
        eq(patrimonioArquivos.municipalityId, scope.municipalityId),
      ),
    );
  const abs = row ? resolveStored(ctx.config, row.storedPath) : null;
  if (!row || !abs || !fs.existsSync(abs)) throw notFound(PATRIMONIO_MSG.fileNotFound);
  res.setHeader('Content-Type', row.mimeType);
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (row.kind === 'foto')
    res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`);
  else res.attachment(row.fileName);
  await new Promise<void>((resolve, reject) =>
    res.sendFile(abs, { dotfiles: 'allow' }, (err) => (err && !res.headersSent ? reject(err) : resolve())),
  );
}
