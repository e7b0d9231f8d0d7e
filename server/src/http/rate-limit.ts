import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from 'ioredis';
import { logger } from '../logger';
import { HttpError } from './errors';

/** What a limiter needs of the server's context: where its counters live. */
interface LimitContext {
  config: { redisUrl?: string; redisPrefix: string };
}

/** A request as a declared route's handler sees it. */
interface LimitCall<C extends LimitContext> {
  ctx: C;
  req: Request;
  res: Response;
}

export interface LimitOptions {
  /** Names the counters: `<REDIS_PREFIX>:rl:<name>:<key>` in Redis. */
  name: string;
  windowMs: number;
  /** Requests per key and window. */
  limit: number;
  /** No limit at all (`PUBLIC_RATE_LIMIT_MAX=0`). */
  off?: boolean;
  /** The headers every counted answer carries: draft 6 (`RateLimit-Limit`, `-Remaining`, `-Reset`) or draft 8. */
  headers: 'draft-6' | 'draft-8';
  /** The key (default: express-rate-limit's, the client IP `req.ip`, which honours TRUST_PROXY). */
  keyGenerator?: Options['keyGenerator'];
  /** The 429's pt-BR message, given the seconds until the window ends (also sent as `Retry-After`). */
  message: (retryAfterSeconds: number) => string;
}

/** Each server context's Redis connection for the counters (tests run several servers in one process). */
const connections = new WeakMap<LimitContext, Redis>();

async function redisOf(ctx: LimitContext, url: string): Promise<Redis> {
  let redis = connections.get(ctx);
  if (!redis) {
    const { Redis } = await import('ioredis');
    // One retry: a request never waits long on a Redis that is away (its count is then skipped, see below).
    redis = new Redis(url, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined); // it reconnects by itself; the failed counts are logged
    connections.set(ctx, redis);
  }
  return redis;
}

/** At most one line a minute about counters that could not be reached. */
let storeErrorAt = 0;
const limiterLogger = {
  warn: (warning: unknown) => logger.warn({ err: warning }, 'limite de requisições'),
  error: (err: unknown) => {
    if (Date.now() - storeErrorAt < 60_000) return;
    storeErrorAt = Date.now();
    logger.warn({ err }, 'limite de requisições: contadores inacessíveis, requisições passam sem contagem');
  },
};

/**
 * The API's one rate limiter (HOUSE-RULES 14, docs/decisions/rate-limits.md): express-rate-limit, counting in
 * Redis (rate-limit-redis) when REDIS_URL is set, so every API node shares one budget, else in this process's
 * memory. Returns what a route's handler awaits: it resolves within the limit, else rejects with 429
 * `RATE_LIMITED` (`Retry-After` and the headers set). Counters Redis cannot reach let requests pass (logged).
 */
export function rateLimiter<C extends LimitContext>(
  optionsOf: (ctx: C) => LimitOptions,
): (c: LimitCall<C>) => Promise<void> {
  // One limiter per server context, made on its first request (null: off).
  const made = new WeakMap<C, Promise<RequestHandler | null>>();
  const make = async (ctx: C): Promise<RequestHandler | null> => {
    const o = optionsOf(ctx);
    if (o.off) return null;
    const redis = ctx.config.redisUrl ? await redisOf(ctx, ctx.config.redisUrl) : undefined;
    // rate-limit-redis loads its scripts when the limiter is made (and again after Redis lost them); a load that
    // failed is never tried again (express-rate-limit issue #485), so such a limiter is dropped: the next
    // request makes a new one.
    const send = async (command: string, ...args: string[]) => {
      try {
        return (await redis!.call(command, ...args)) as RedisReply;
      } catch (err) {
        if (command === 'SCRIPT') made.delete(ctx);
        throw err;
      }
    };
    return rateLimit({
      windowMs: o.windowMs,
      limit: o.limit,
      standardHeaders: o.headers,
      legacyHeaders: false,
      identifier: o.name,
      ...(o.keyGenerator ? { keyGenerator: o.keyGenerator } : {}),
      ...(redis
        ? {
            store: new RedisStore({
              prefix: `${ctx.config.redisPrefix}:rl:${o.name}:`,
              sendCommand: send,
            }),
          }
        : {}),
      passOnStoreError: true,
      logger: limiterLogger,
      // It is made once per context (kept above), not per request as the check fears when it sees a handler's stack.
      validate: { creationStack: false },
      handler: (_req, res, next) => {
        const seconds = Math.max(1, Number(res.getHeader('Retry-After')) || 1);
        next(new HttpError(429, 'RATE_LIMITED', o.message(seconds)));
      },
    });
  };
  return async (c) => {
    let limiter = made.get(c.ctx);
    if (!limiter) made.set(c.ctx, (limiter = make(c.ctx)));
    const handler = await limiter;
    if (!handler) return;
    await new Promise<void>((resolve, reject) => {
      void handler(c.req, c.res, (err?: unknown) => (err ? reject(err) : resolve()));
    });
  };
}

/** Closes a server context's connection to the counters (its shutdown). */
export async function closeRateLimits(ctx: LimitContext): Promise<void> {
  const redis = connections.get(ctx);
  connections.delete(ctx);
  if (redis) await redis.quit().catch(() => redis.disconnect());
}
