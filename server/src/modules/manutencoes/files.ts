import path from 'node:path';
import type { Request, Response } from 'express';
import { MANUTENCAO_ANEXO_EXTENSIONS, MANUTENCAO_MSG, PATRIMONIO_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../tenancy/scope';
import { checkFileType, cleanName, fileFolder } from '../../uploads';
import { receiveFile } from '../patrimonios';

/** Bytes of maintenance attachments live under DATA_DIR/files/imoveis/<municipalityId>/manutencoes/<taskId>/. */
const folder = fileFolder(path.join('files', 'imoveis'));
export const resolveAnexo = folder.resolve;
export const removeAnexoFiles = folder.remove;

/** Receives one multipart file with the register's document size limit (20 MB → 413 beyond). */
export const receiveAnexo = (ctx: Pick<AppContext, 'config'>, req: Request, res: Response) =>
  receiveFile(ctx, req, res, 'documento');

export interface StoredAnexo {
  final: string;
  stored: string;
  mimeType: string;
  size: number;
  fileName: string;
}

/** Checks the bytes (never the name or the declared type: 415 otherwise) and moves the file in place. */
export async function storeAnexo(
  ctx: Pick<AppContext, 'config'>,
  scope: TenantScope,
  manutencaoId: number,
  file: Express.Multer.File,
): Promise<StoredAnexo> {
  const fileName = cleanName(file.originalname);
  const { ext, mime } = await checkFileType(file.path, fileName, MANUTENCAO_ANEXO_EXTENSIONS, {
    notAllowed: MANUTENCAO_MSG.badAnexo,
    mismatch: PATRIMONIO_MSG.typeMismatch,
  });
  const parts = [String(scope.municipalityId), 'manutencoes', String(manutencaoId)];
  const { stored, final } = await folder.moveIn(ctx.config, parts, ext, file.path);
  return { final, stored, mimeType: mime, size: file.size, fileName };
}
