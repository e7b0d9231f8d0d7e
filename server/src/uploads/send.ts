import type { Response } from 'express';

/**
 * Streams a stored file with its own content type (never sniffed) and name: an attachment (an ASCII
 * fallback and `filename*=UTF-8''…`), or shown in the page when `inline` (asset photos).
 */
export async function sendStoredFile(
  res: Response,
  abs: string,
  file: {
    fileName: string;
    mimeType: string;
    inline?: boolean;
    /** Made for this caller (a job's result, an export, a backup): never kept ('private, no-store'). */
    generated?: boolean;
    headers?: Record<string, string>;
  },
): Promise<undefined> {
  if (file.inline)
    res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  else res.attachment(file.fileName);
  res.setHeader('Content-Type', file.mimeType); // after attachment(), which would guess it from the name
  res.setHeader('Cache-Control', file.generated ? 'private, no-store' : 'private, max-age=300');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(file.headers ?? {})) res.setHeader(name, value);
  await new Promise<void>((resolve, reject) =>
    // Once bytes went out (e.g. the client hung up), there is no error answer left to give.
    res.sendFile(abs, { dotfiles: 'allow' }, (err) => (err && !res.headersSent ? reject(err) : resolve())),
  );
  return undefined;
}
