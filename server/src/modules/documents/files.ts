import path from 'node:path';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, GENERAL_DOCUMENT_EXTENSIONS } from '@tombo/shared';
import type { Request, Response } from 'express';
import type { Config } from '../../config';
import type { TenantScope } from '../../tenancy/scope';
import { checkFileType, cleanName, fileFolder, receiveUpload } from '../../uploads';

/** Bytes of general documents live under DATA_DIR/files/documentos/<municipalityId>/ — never in a public folder. */
export const documentFiles = fileFolder(path.join('files', 'documentos'));

/** A checked upload in its final place, ready for its row. */
export interface StoredDocument {
  final: string;
  stored: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Receives the one file of a `POST /api/documentos` (400 / 413 as `receiveUpload`). */
export const receiveDocument = (config: Pick<Config, 'dataDir'>, req: Request, res: Response) =>
  receiveUpload(config, req, res, { maxBytes: DOCUMENT_LIMITS.maxBytes, tooLarge: DOCUMENT_MSG.tooLarge });

/** Checks the bytes (415 for an executable, a type not allowed or a lying name) and moves the file into place. */
export async function storeDocument(
  config: Pick<Config, 'dataDir'>,
  scope: TenantScope,
  file: Express.Multer.File,
  placed: (finalPath: string) => void,
): Promise<StoredDocument> {
  const fileName = cleanName(file.originalname);
  const { ext, mime } = await checkFileType(file.path, fileName, GENERAL_DOCUMENT_EXTENSIONS, {
    notAllowed: DOCUMENT_MSG.notAllowed,
    mismatch: DOCUMENT_MSG.typeMismatch,
  });
  const { stored, final } = await documentFiles.moveIn(config, [String(scope.municipalityId)], ext, file.path);
  placed(final);
  return { final, stored, fileName, mimeType: mime, size: file.size };
}
