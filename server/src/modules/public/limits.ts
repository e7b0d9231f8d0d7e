import { PUBLIC_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { rateLimiter } from '../../http/rate-limit';
import type { RouteCall } from '../../http/route';
import type { Keep } from './answers';

/**
 * Every public route starts here: one budget per client IP (req.ip, which honours TRUST_PROXY) per window,
 * shared by every API node with Redis; 429 with Retry-After and a pt-BR message beyond it.
 */
export const publicLimit = rateLimiter((ctx: AppContext) => ({
  name: 'public',
  windowMs: ctx.config.publicRateLimitWindowMs,
  limit: ctx.config.publicRateLimitMax,
  off: ctx.config.publicRateLimitMax <= 0,
  headers: 'draft-6',
  message: PUBLIC_MSG.rateLimited,
}));

/**
 * Cacheable public answer: shared caches and browsers keep it `maxAge` seconds, then revalidate with
 * the ETag Express computes from the body (304 when unchanged). Only set on success: errors are not kept.
 */
export function cacheable(res: { setHeader(name: string, value: string): unknown }, maxAge = 30) {
  res.setHeader('Cache-Control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 2}`);
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * A cacheable public answer: the per-IP budget first (every request counts), then this node's copy of
 * the answer to the same URL when nothing changed since (answers.ts), else `load`'s; errors are not kept.
 */
export async function publicAnswer<T>(
  c: Pick<RouteCall<never, never, never, never>, 'ctx' | 'req' | 'res'>,
  maxAge: number,
  load: (keep: Keep) => Promise<T>,
): Promise<T> {
  await publicLimit(c);
  const value = await c.ctx.publicAnswers.answer(c.req.originalUrl, load);
  cacheable(c.res, maxAge);
  return value;
}
