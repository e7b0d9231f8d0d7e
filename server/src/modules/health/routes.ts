import { Router } from 'express';
import type { AppContext } from '../../context';

export function healthRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/health', (_req, res) => {
    res.json({ ok: true, database: ctx.database.kind, queue: ctx.queue.mode });
  });
  return r;
}
