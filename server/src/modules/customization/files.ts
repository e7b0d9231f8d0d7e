import path from 'node:path';
import type { Request, Response } from 'express';
import { CUSTOMIZATION_FILE_FIELDS, CUSTOMIZATION_MSG, type CustomizationFileField } from '@tombo/shared';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { EXECUTABLE_MSG, extOf, fileFolder, receiveUpload } from '../../uploads';
import { isAll, type Tenancy } from '../../tenancy/scope';

/**
 * Logos, backgrounds and favicons live under DATA_DIR/files/customization/<global|municipalityId>/.
 * They are public (the login page shows them before anyone signs in): served by a path holding a
 * random name, which is all a setting stores (`/api/customization/files/<owner>/<uuid>.<ext>`).
 */
export const customizationFiles = fileFolder(path.join('files', 'customization'));

/** Content types of what the customization accepts (ICO and videos are not in the general list). */
export const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
const EXECUTABLES = new Set(['exe', 'elf', 'macho', 'class', 'wasm', 'apk', 'jar', 'msi', 'deb', 'rpm', 'dmg']);
export const FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif|ico|mp4|webm)$/;

const refused = (message: string) => new HttpError(415, 'UNPROCESSABLE', message, { file: message });
const typeMessage = (field: CustomizationFileField) =>
  field === 'backgroundVideoUrl'
    ? CUSTOMIZATION_MSG.notVideo
    : field === 'faviconUrl'
      ? CUSTOMIZATION_MSG.notFavicon
      : CUSTOMIZATION_MSG.notImage;

/** Receives the one file of an upload, within the field's size limit (413 above it). */
export function receiveCustomizationFile(
  config: Pick<Config, 'dataDir'>,
  req: Request,
  res: Response,
  field: CustomizationFileField,
) {
  const { maxBytes } = CUSTOMIZATION_FILE_FIELDS[field];
  return receiveUpload(config, req, res, {
    maxBytes,
    tooLarge: CUSTOMIZATION_MSG.tooLarge(maxBytes / 1024 / 1024),
  });
}

/**
 * The file's type from its bytes (never the declared type or the name alone): one the field accepts,
 * and the name's extension must agree; else 415 with a pt-BR message. SVG (text, may hold scripts) is
 * never accepted.
 */
export async function checkCustomizationFile(
  file: string,
  originalName: string,
  field: CustomizationFileField,
): Promise<{ ext: string; mime: string }> {
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  if (detected && EXECUTABLES.has(detected.ext)) throw refused(EXECUTABLE_MSG);
  const ext = detected?.ext === 'jpeg' ? 'jpg' : detected?.ext;
  const allowed: readonly string[] = CUSTOMIZATION_FILE_FIELDS[field].exts;
  if (!ext || !allowed.includes(ext)) throw refused(typeMessage(field));
  if (extOf(originalName) !== ext) throw refused(CUSTOMIZATION_MSG.mismatch);
  return { ext, mime: MIME[ext] };
}

/** The folder of a target's files: 'global' or the municipality's id. */
export const ownerOf = (target: Tenancy) => (isAll(target) ? 'global' : String(target.municipalityId));

/** The public URL of a stored file (what the setting keeps). */
export const fileUrl = (owner: string, stored: string) => `/api/customization/files/${owner}/${path.basename(stored)}`;

/** The stored path behind a setting's value, when it is one of ours (else null). */
export function storedOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^\/api\/customization\/files\/(global|\d+)\/([^/]+)$/.exec(value);
  return m && FILE_NAME.test(m[2]) ? path.join('files', 'customization', m[1], m[2]) : null;
}
