import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import { PUBLIC_ROUTES } from '@tombo/shared';
import { logger } from '../logger';

/** An id the caller (a proxy, an integrator) may send: short, no spaces nor control characters. */
const VALID_ID = /^[\w.:@/+=-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane one, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && VALID_ID.test(given) ? given : randomUUID();
}

/** The id of the request an answer is for (the first middleware sets it): its log lines name it. */
export const requestIdOfAnswer = (res: ServerResponse): string | undefined => {
  const id = res.getHeader('X-Request-Id');
  return typeof id === 'string' ? id : undefined;
};

/** Slower than this (ms) → one warning line per request (every request is logged at debug level). */
const SLOW_MS = Number(process.env.SLOW_REQUEST_MS) || 1000;

/**
 * Paths that carry a secret, up to the `:token` segment: the client screens of a mailed link
 * (`/redefinir-senha/:token`, `/criar-senha/:token`) and the API that reads an invitation by its token.
 */
const SECRET_PATHS = [
  ...PUBLIC_ROUTES.filter((r) => r.path.includes('/:token')).map((r) => r.path.slice(0, r.path.indexOf(':token'))),
  '/api/auth/invitations/',
];

/** Path of the request for the log: no query string (which may carry tokens), no token of a mailed link. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  const p = q < 0 ? url : url.slice(0, q);
  const secret = SECRET_PATHS.find((prefix) => p.startsWith(prefix));
  return secret ? `${secret}[oculto]` : p;
};

/**
 * The node's life as the HTTP layer sees it: requests in flight and whether it is draining (SIGTERM:
 * readiness answers 503 and every answer closes its connection, so keep-alive clients move on).
 */
export class Lifecycle {
  draining = false;
  private readonly open = new Set<ServerResponse>();
  private idle: Array<() => void> = [];

  /** Route handlers running (a handler may still use the database after its client went away). */
  private handlers = 0;

  get inFlight(): number {
    return Math.max(this.open.size, this.handlers);
  }

  /** Runs a route handler, counted until it ends: the database is closed only after the last one. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.handlers++;
    try {
      return await fn();
    } finally {
      this.handlers--;
      this.wake();
    }
  }

  private wake(): void {
    if (this.open.size === 0 && this.handlers === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Stops keep-alive: answers not yet started close their connection once sent (and so do new ones). */
  drain(): void {
    this.draining = true;
    for (const res of this.open)
      if (!res.headersSent) {
        res.setHeader('Connection', 'close');
        res.shouldKeepAlive = false;
      }
  }

  /** Resolves once no request is in flight (immediately when none is). */
  settled(): Promise<void> {
    return this.open.size === 0 && this.handlers === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * First middleware: the request id (X-Request-Id in and out; the log lines of the request name it, and
   * so do the jobs it queues), the in-flight count, `Connection: close` while draining, and the access log.
   */
  middleware(): RequestHandler {
    const debug = logger.isLevelEnabled('debug');
    return (req, res, next) => {
      const requestId = requestIdOf(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', requestId);
      if (this.draining) res.setHeader('Connection', 'close');
      const started = debug || SLOW_MS > 0 ? performance.now() : 0;
      this.open.add(res);
      const finish = () => {
        if (!this.open.delete(res)) return;
        this.wake();
        const ms = performance.now() - started;
        if (ms >= SLOW_MS || debug) {
          const line = {
            requestId,
            method: req.method,
            url: pathOf(req.originalUrl),
            status: res.statusCode,
            ms: Math.round(ms),
          };
          if (ms >= SLOW_MS) logger.warn(line, 'slow request');
          else logger.debug(line, 'request');
        }
      };
      res.once('finish', finish);
      res.once('close', finish);
      next();
    };
  }
}
