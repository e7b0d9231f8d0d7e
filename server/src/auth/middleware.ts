import type { Request } from 'express';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import type { Principal } from './principal';

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
    /** The session (refresh-token family) of the access token. */
    sessionId?: string;
  }
}

function bearer(req: Request): string | undefined {
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

/** The caller's session (refresh-token family). */
export function sessionOf(req: Request): string {
  if (!req.sessionId) throw unauthorized();
  return req.sessionId;
}
