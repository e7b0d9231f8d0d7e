import type { Request, RequestHandler, Response } from 'express';

/**
 * Runs an express-rate-limit middleware inside a declared route's handler: resolves when the request
 * is within the limit, rejects with the limiter's error otherwise (its `handler` must call `next(err)`).
 */
export function withinLimit(limiter: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void limiter(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

/** One value per key object, made on first use (rate limiters per server context: tests run several). */
export function perContext<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}
