import type { Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import { MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { perContext, withinLimit } from '../../http/rate-limit';
import type { RouteCall } from '../../http/route';
import type { ClientInfo } from './commands';

/** Password guesses per IP (login, reset, own password change): one budget per server. */
const guesses = perContext((ctx: AppContext) =>
  rateLimit({
    windowMs: ctx.config.loginRateLimitWindowMs,
    limit: ctx.config.loginRateLimitMax,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, 'RATE_LIMITED', MSG.auth.tooManyAttempts)),
  }),
);
export const limited = (c: Pick<RouteCall<never, never, never, never>, 'ctx' | 'req' | 'res'>) =>
  withinLimit(guesses(c.ctx), c.req, c.res);

/** The requesting device, kept with the session's refresh tokens. */
export const clientOf = (req: Request): ClientInfo => ({
  userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
  ip: req.ip ?? null,
});
