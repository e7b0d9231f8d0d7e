import type { Response } from 'express';

/**
 * Streams a stored file with its own content type (never sniffed) and name: an attachment (an ASCII
 * fallback and `filename*=UTF-8''…`), or shown in the page when `inline` (asset photos).
 */
export async function sendStoredFile(
  res: Response,
  abs: string,
  file: { fileName: string; mimeType: string; inline?: boolean },
): Promise<undefined> {
  if (file.inline)
    res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  else res.attachment(file.fileName);
  res.setHeader('Content-Type', file.mimeType); // after attachment(), which would guess it from the name
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  await new Promise<void>((resolve, reject) =>
    res.sendFile(abs, { dotfiles: 'allow' }, (err) => (err && !res.headersSent ? reject(err) : resolve())),
  );
  return undefined;
}
