import path from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite names every file under assets/ by its content hash: a new build is a new name. */
const HASHED = `${path.sep}assets${path.sep}`;

/**
 * The built client: the brotli or gzip copy the build wrote beside each file (scripts/build.mjs) when the
 * browser accepts it, hashed files cached for a year as `immutable`, everything else (index.html, the
 * service worker, the manifest) revalidated on every load so a new release is seen at once. Any other
 * path outside the API is a client route and gets index.html.
 */
export function staticClient(dist: string): { files: RequestHandler; spa: RequestHandler } {
  const files = expressStaticGzip(dist, {
    index: false,
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    serveStatic: {
      index: false,
      setHeaders: (res, file) =>
        res.setHeader('Cache-Control', file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    },
  }) as RequestHandler;
  const spa: RequestHandler = (req, res, next) => {
    req.url = '/index.html';
    files(req, res, next);
  };
  return { files, spa };
}
