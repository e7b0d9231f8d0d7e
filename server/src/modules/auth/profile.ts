import type { Request, Response } from 'express';
import { FOTO_MIME_TYPES, PATRIMONIO_LIMITS, PATRIMONIO_MSG, SECURITY_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { actorOf, mutate } from '../../db/tx';
import { HttpError, notFound } from '../../http/errors';
import { loadPrincipal, type Principal } from '../../auth/principal';
import { fileFolder, receiveUpload, sendStoredFile, withUpload } from '../../uploads';
import { ownTenancy } from './access';
import { updateOwnProfile } from './sessions';

// Avatars follow the register's photo rules (type from the bytes, at most 10 MB; re-encoded to WebP,
// EXIF stripped) at 256 px. They are served without a token (an <img> sends none) under an unguessable
// name: a UUID per upload, so a replaced avatar's address stops working.

const AVATARS = fileFolder('files/avatars');
const AVATAR_PX = 256;
/** The public address of a stored avatar. */
const avatarUrl = (file: string) => `/api/avatars/${file}`;

const fail = (status: number, message: string) => new HttpError(status, 'UNPROCESSABLE', message, { file: message });

async function fresh(ctx: AppContext, me: Principal) {
  const user = await loadPrincipal(ctx.database, me.id);
  if (!user) throw notFound();
  ctx.principals.forget(me.id);
  return { user };
}

/** The caller's new name. */
export async function saveProfile(ctx: AppContext, me: Principal, name: string) {
  const own = ownTenancy(me);
  await mutate(ctx, actorOf(me), (tx, out) => updateOwnProfile(tx, out, own, me.id, { name }), own);
  return fresh(ctx, me);
}

/** A new avatar from a multipart `file`: not an image 415, too large 413, unreadable 422. */
export async function uploadAvatar(ctx: AppContext, me: Principal, req: Request, res: Response) {
  const file = await receiveUpload(ctx.config, req, res, {
    maxBytes: PATRIMONIO_LIMITS.fotoMaxBytes,
    tooLarge: SECURITY_MSG.avatarTooLarge,
  });
  return withUpload(file, async (placed) => {
    const { fileTypeFromFile } = await import('file-type');
    const detected = await fileTypeFromFile(file.path).catch(() => undefined);
    if (!detected || !(FOTO_MIME_TYPES as readonly string[]).includes(detected.mime))
      throw fail(415, SECURITY_MSG.avatarNotImage);
    const { stored, final } = await AVATARS.newPlace(ctx.config, [], 'webp');
    placed(final);
    const { default: sharp } = await import('sharp');
    try {
      await sharp(file.path, { limitInputPixels: 100_000_000, failOn: 'error' })
        .rotate()
        .resize({ width: AVATAR_PX, height: AVATAR_PX, fit: 'cover' })
        .webp({ quality: 85 })
        .toFile(final);
    } catch {
      throw fail(422, PATRIMONIO_MSG.badImage);
    }
    const own = ownTenancy(me);
    const name = stored.split('/').pop()!;
    const old = await mutate(
      ctx,
      actorOf(me),
      (tx, out) => updateOwnProfile(tx, out, own, me.id, { avatarUrl: avatarUrl(name) }),
      own,
    );
    const oldFile = old?.startsWith('/api/avatars/') ? old.slice('/api/avatars/'.length) : null;
    if (oldFile) await AVATARS.remove(ctx.config, [`${AVATARS.relDir}/${oldFile}`]);
    return fresh(ctx, me);
  });
}

/** Streams an avatar by its name (404 when unknown). */
export async function sendAvatar(ctx: AppContext, res: Response, file: string) {
  const abs = AVATARS.resolve(ctx.config, `${AVATARS.relDir}/${file}`);
  if (!abs) throw notFound();
  const fs = await import('node:fs');
  if (!fs.existsSync(abs)) throw notFound();
  return sendStoredFile(res, abs, { fileName: 'avatar.webp', mimeType: 'image/webp', inline: true });
}
