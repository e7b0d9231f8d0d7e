import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context';
import { signedIn } from '../auth/middleware';
import { actorOf, mutate, read } from '../db/tx';
import { requireAccess } from '../tenancy/access';
import { allMunicipalities, scopeOfPrincipal, type Tenancy, type TenantScope } from '../tenancy/scope';
import { MSG } from '@tombo/shared';
import { HttpError, forbidden } from './errors';
import { requestIdOfAnswer } from './request-context';
import type { RouteCall, RouteDef } from './route';
import { parse } from './validate';

const checkResponses = process.env.NODE_ENV !== 'production';

/** Who the caller is and what they may touch, in the order 401 → 403; the route's audience decides. */
async function caller(ctx: AppContext, def: RouteDef, req: Request) {
  if (def.audience === 'public') return { principal: undefined, scope: undefined, tenancy: undefined, self: false };
  const principal = await signedIn(ctx, req);
  // a password someone else set is changed before anything else (docs/decisions/auth-and-sessions.md)
  if (principal.mustChangePassword && !def.beforePasswordChange)
    throw new HttpError(403, 'PASSWORD_CHANGE_REQUIRED', MSG.auth.passwordChangeRequired);
  if (def.audience === 'superuser' && !principal.permissions.includes('superuser:access')) throw forbidden();
  const self = def.self !== undefined && req.params[def.self] === String(principal.id);
  if (def.permission && !self && !principal.permissions.includes(def.permission)) throw forbidden();
  const scope: TenantScope | undefined = principal.municipalityId != null ? scopeOfPrincipal(principal) : undefined;
  if (def.audience === 'municipal' && !scope) throw forbidden();
  // The superuser has no municipality: its own routes (superuser) and the signed-in ones about itself (sessions,
  // profile) read over all municipalities, which it may see anyway.
  const superuser = principal.permissions.includes('superuser:access');
  const tenancy: Tenancy | undefined =
    scope ??
    (def.audience === 'superuser' || (def.audience === 'signed-in' && superuser) ? allMunicipalities() : undefined);
  return { principal, scope, tenancy, self };
}

/**
 * A signed-in caller's answer is someone's data, often on a shared municipal computer: no browser or proxy
 * may store it (`private, no-store`, unless the route chose its own), so it carries no ETag either (Express
 * hashes every body for one: ~3 % of a list request's CPU), and the string goes to the socket as it is,
 * without Express's copy into a Buffer.
 */
function sendPrivateJson(req: Request, res: Response, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.status(status);
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Mounts declared routes: authentication, audience, permission, params, object access (404), query and
 * body, in that order, then the handler inside the caller's tenancy. The one place that guards routes.
 */
export function mountRoutes(ctx: AppContext, defs: readonly RouteDef[]): Router {
  const router = Router();
  for (const def of defs) {
    const serve = async (req: Request, res: Response) => {
      const { principal, scope, tenancy, self } = await caller(ctx, def, req);
      const requestId = requestIdOfAnswer(res);
      const params = def.params ? parse(def.params, req.params) : undefined;
      if (def.access) {
        // Object access is a municipality's question: a caller without one has no such object.
        if (!scope) throw forbidden();
        const id = (params as Record<string, number | string>)[def.access.param];
        await read(ctx, scope, (tx) => requireAccess(tx, scope, def.access!.rule, [id], def.access!.message));
      }
      const query = def.query ? parse(def.query, req.query) : undefined;
      const body = def.body && def.body !== 'upload' ? parse(def.body, req.body) : undefined;
      const actor = principal ? actorOf(principal) : null;
      const noTenancy = () => {
        throw forbidden();
      };
      const call: RouteCall<never, never, never, never> = {
        ctx,
        requestId,
        params: params as never,
        query: query as never,
        body: body as never,
        principal: principal as never,
        actor: actor as never,
        scope: scope as never,
        self,
        req,
        res,
        read: (fn) => (tenancy ? read(ctx, tenancy, fn) : noTenancy()),
        // A public route names its tenancy explicitly (read/mutate with a scope or allMunicipalities()).
        command: (fn) => (tenancy ? mutate(ctx, actor, fn, tenancy, requestId) : noTenancy()),
      };
      const result = await def.handler(call as never);
      if (res.headersSent) return;
      if (checkResponses && def.response && result !== undefined) def.response.parse(result);
      if (def.status === 204 || result === undefined) res.status(def.status ?? 204).end();
      else if (def.audience === 'public') res.status(def.status ?? 200).json(result);
      else sendPrivateJson(req, res, def.status ?? 200, result);
    };
    // Counted while it runs: a graceful stop closes the database only after the last handler.
    router[def.method](def.path, (req, res) => ctx.lifecycle.run(() => serve(req, res)));
  }
  return router;
}
