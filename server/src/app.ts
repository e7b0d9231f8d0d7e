import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context';
import { errorHandler, notFoundHandler } from './http/errors';
import { refuseDeepJson, rejectNulBytes } from './http/validate';
import { declaredRoutes } from './modules/routes';
import { mountRoutes } from './http/mount';
import { staticClient } from './http/static-client';
import { requestMetrics } from './modules/metrics';

/** The HTTP app: the declared API routes (each guarded by the registry), then the built client. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  // Request id (X-Request-Id in and out, in every log line), in-flight count and draining (SIGTERM).
  app.use(ctx.lifecycle.middleware());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'https:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'font-src': ["'self'", 'data:'],
        },
      },
    }),
  );

  const api = express.Router();
  // UTF-8 JSON only, never compressed (415 otherwise, see http/errors.ts), at most 64 levels deep (checked
  // on the bytes before parsing); no NUL byte in body or query.
  api.use(express.json({ limit: '1mb', inflate: false, verify: refuseDeepJson }));
  api.use(rejectNulBytes);
  // Request durations by declared route, only when metrics are on (METRICS_TOKEN): no cost otherwise.
  if (ctx.config.metricsToken) api.use(requestMetrics(ctx));
  // Every route is declared; each authenticates and authorises itself (http/mount.ts).
  api.use(mountRoutes(ctx, declaredRoutes));
  api.use(notFoundHandler);
  api.use(errorHandler);
  app.use('/api', api);

  const dist = ctx.config.clientDist;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    const client = staticClient(dist);
    app.use(client.files);
    app.get(/^(?!\/api\/|\/socket\.io\/).*/, client.spa);
  }
  return app;
}
