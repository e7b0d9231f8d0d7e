import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Permission } from '@tombo/shared';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import type { Principal } from './principal';

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    /** The session (refresh-token family) of the access token. */
    sessionId?: string;
  }
}

export function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/**
 * The signed-in caller: a valid access token of an existing user and a live session (not logged out
 * or revoked), else 401. Sets `req.principal` and `req.sessionId`.
 */
export async function signedIn(ctx: AppContext, req: Request): Promise<Principal> {
  const claims = ctx.tokens.verifyAccess(bearer(req));
  if (!claims) throw unauthorized();
  const principal = await ctx.principals.authenticate(Number(claims.sub), claims.sid);
  if (!principal) throw unauthorized();
  req.principal = principal;
  req.sessionId = claims.sid;
  return principal;
}

/** Middleware form of `signedIn` for the routers not yet declared. */
export function authenticate(ctx: AppContext): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    signedIn(ctx, req).then(() => next(), next);
  };
}

/** 403 unless the signed-in user's role holds every listed permission. */
export function can(...needed: Permission[]): RequestHandler {
  return (req, _res, next) => {
    const p = req.principal;
    if (!p) return next(unauthorized());
    if (!needed.every((perm) => p.permissions.includes(perm))) return next(forbidden());
    next();
  };
}

export function principal(req: Request): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/** The caller's session (refresh-token family). */
export function sessionOf(req: Request): string {
  if (!req.sessionId) throw unauthorized();
  return req.sessionId;
}

/** The caller's municipality; the main-area API is closed to users without one (the superuser). */
export function municipalityOf(req: Request): number {
  const p = principal(req);
  if (p.municipalityId == null) throw forbidden();
  return p.municipalityId;
}

/** The caller as the author of a change in their own municipality. */
export function municipalActor(req: Request): { id: number; name: string; municipalityId: number } {
  const p = principal(req);
  return { id: p.id, name: p.name, municipalityId: municipalityOf(req) };
}
