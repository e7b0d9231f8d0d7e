import type { Request } from 'express';
import { MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { rateLimiter } from '../../http/rate-limit';
import type { ClientInfo } from './commands';

/** Password guesses per IP (login, reset, own password change): one budget, shared by every node with Redis. */
export const limited = rateLimiter((ctx: AppContext) => ({
  name: 'login',
  windowMs: ctx.config.loginRateLimitWindowMs,
  limit: ctx.config.loginRateLimitMax,
  headers: 'draft-8',
  message: () => MSG.auth.tooManyAttempts,
}));

/** The requesting device, kept with the session's refresh tokens. */
export const clientOf = (req: Request): ClientInfo => ({
  userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
  ip: req.ip ?? null,
});
