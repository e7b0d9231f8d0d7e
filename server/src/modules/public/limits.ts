import type { Redis } from 'ioredis';
import { PUBLIC_MSG } from '@tombo/shared';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { perContext } from '../../http/rate-limit';
import type { RouteCall } from '../../http/route';
import type { Keep } from './answers';

/** A fixed-window counter per key: how many hits this window, and when it ends (ms from now). */
interface Counter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** One process's counters (no Redis): enough for one API node. */
function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) windows.set(key, (w = { count: 0, resetAt: now + windowMs }));
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - now };
    },
  };
}

// INCR and the window's expiry in one atomic step: every API node counts into the same key.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/** Counters shared by every API node through Redis; a Redis failure falls back to this node's memory. */
function redisCounter(url: string, prefix: string): Counter {
  const fallback = memoryCounter();
  let redis: Redis | undefined;
  const client = async () => {
    if (!redis) {
      const { Redis } = await import('ioredis');
      redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
      // The counter never keeps the process alive (shutdown does not know about it).
      redis.on('connect', () => (redis as unknown as { stream?: { unref?: () => void } }).stream?.unref?.());
      redis.on('error', () => undefined);
    }
    return redis;
  };
  return {
    async hit(key, windowMs) {
      try {
        const [count, ttl] = (await (await client()).eval(HIT, 1, `${prefix}:public-rl:${key}`, windowMs)) as [
          number,
          number,
        ];
        return { count, resetMs: ttl > 0 ? ttl : windowMs };
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
  };
}

const counters = perContext((ctx: AppContext) =>
  ctx.config.redisUrl ? redisCounter(ctx.config.redisUrl, ctx.config.redisPrefix) : memoryCounter(),
);

/**
 * Every public route starts here: one budget per client IP (req.ip, which honours TRUST_PROXY) per
 * window, 429 with Retry-After and a pt-BR message beyond it.
 */
export async function publicLimit(c: Pick<RouteCall<never, never, never, never>, 'ctx' | 'req' | 'res'>) {
  const { publicRateLimitMax: max, publicRateLimitWindowMs: windowMs } = c.ctx.config;
  if (max <= 0) return;
  const { count, resetMs } = await counters(c.ctx).hit(c.req.ip ?? 'unknown', windowMs);
  c.res.setHeader('RateLimit-Limit', String(max));
  c.res.setHeader('RateLimit-Remaining', String(Math.max(0, max - count)));
  if (count > max) {
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    c.res.setHeader('Retry-After', String(seconds));
    throw new HttpError(429, 'RATE_LIMITED', PUBLIC_MSG.rateLimited(seconds));
  }
}

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
