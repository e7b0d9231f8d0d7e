import type { Request } from 'express';
import { signedIn } from '../../auth/middleware';
import { forbidden } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import type { AppContext } from '../../context';
import { appVersion } from '../../installation';
import { buildOpenApi } from './document';
import { VIEWER_HTML, VIEWER_SCRIPT_HASH } from './viewer';

/**
 * Who may read the API docs: anyone outside production (development, tests), else a signed-in admin or
 * the superuser (401 anonymous, 403 any other role). Production = NODE_ENV=production, as the Dockerfile sets.
 */
async function mayReadDocs(ctx: AppContext, req: Request): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  const p = await signedIn(ctx, req);
  if (p.role !== 'admin' && !p.permissions.includes('superuser:access')) throw forbidden();
}

let cached: Record<string, unknown> | undefined;

/** The document, built once per process from the registry (`registry` is passed in: it imports this area). */
export function openApiRoutes(registry: () => readonly RouteDef[]) {
  return [
    route({
      method: 'get',
      path: '/openapi.json',
      audience: 'public',
      handler: async (c) => {
        await mayReadDocs(c.ctx, c.req);
        cached ??= buildOpenApi(registry(), appVersion(c.ctx.config));
        return cached;
      },
    }),
    route({
      method: 'get',
      path: '/docs',
      audience: 'public',
      handler: async (c) => {
        // The page has no data: a browser never sends the Bearer token on navigation, so an anonymous
        // request in production gets 401 with the page, whose script then asks with the stored session.
        const status = await mayReadDocs(c.ctx, c.req).then(
          () => 200,
          (err: unknown) => {
            if (c.req.headers.authorization) throw err;
            return 401;
          },
        );
        c.res
          .status(status)
          .set(
            'Content-Security-Policy',
            `default-src 'self'; script-src ${VIEWER_SCRIPT_HASH}; style-src 'unsafe-inline'`,
          )
          .type('html')
          .send(VIEWER_HTML);
        return undefined;
      },
    }),
  ];
}
