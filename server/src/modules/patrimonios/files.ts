import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import { DOCUMENT_EXTENSIONS, FOTO_MIME_TYPES, PATRIMONIO_LIMITS, PATRIMONIO_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { TenantScope as Scope } from '../../tenancy/scope';
import { checkFileType, cleanName, fileFolder, receiveUpload } from '../../uploads';

export { uploadTmpDir } from '../../uploads';

/** Bytes of asset files live under DATA_DIR/files/patrimonios/<municipalityId>/<patrimonioId>/ — never in a public folder. */
export const PATRIMONIO_FILES_DIR = path.join('files', 'patrimonios');

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

/** Receives one multipart file (field `file`, nothing else) into a temp folder under DATA_DIR: too big → 413, no file → 400. */
export const receiveFile = (ctx: Pick<AppContext, 'config'>, req: Request, res: Response, kind: UploadKind) =>
  receiveUpload(ctx.config, req, res, { maxBytes: LIMIT[kind], tooLarge: TOO_LARGE[kind] });

const unsupported = (message: string) => new HttpError(415, 'UNPROCESSABLE', message, { file: message });

export interface Processed {
  final: string;
  stored: string;
  mimeType: string;
  size: number;
  fileName: string;
}

/**
 * The photos and documents of one register (assets, properties): where their bytes live under DATA_DIR
 * and how an upload becomes a stored file — the same rules (types checked from the bytes, photos
 * re-encoded) for every register.
 */
export function registerFiles(dir: string) {
  const folder = fileFolder(dir);
  /** Checks the bytes (never the name or the declared type) and writes the file in its final place. */
  async function processUpload(
    ctx: Pick<AppContext, 'config'>,
    scope: Scope,
    ownerId: number,
    kind: 'foto' | 'documento',
    file: Express.Multer.File,
  ): Promise<Processed> {
    const original = cleanName(file.originalname);
    const parts = [String(scope.municipalityId), String(ownerId)];
    if (kind === 'foto') {
      const { fileTypeFromFile } = await import('file-type');
      const detected = await fileTypeFromFile(file.path).catch(() => undefined);
      if (!detected || !(FOTO_MIME_TYPES as readonly string[]).includes(detected.mime))
        throw unsupported(PATRIMONIO_MSG.notAnImage);
      const { stored, final } = await folder.newPlace(ctx.config, parts, 'webp');
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
    const { ext, mime } = await checkFileType(file.path, original, DOCUMENT_EXTENSIONS, {
      notAllowed: PATRIMONIO_MSG.badDocument,
      mismatch: PATRIMONIO_MSG.typeMismatch,
    });
    const { stored, final } = await folder.moveIn(ctx.config, parts, ext, file.path);
    return { final, stored, mimeType: mime, size: file.size, fileName: original };
  }
  return {
    /** Absolute path of a stored relative path, or null when it would leave the register's files folder. */
    resolveStored: folder.resolve,
    removeStoredFiles: folder.remove,
    processUpload,
  };
}

const assetFiles = registerFiles(PATRIMONIO_FILES_DIR);
export const { resolveStored, removeStoredFiles, processUpload } = assetFiles;
