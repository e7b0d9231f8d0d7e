import { route } from '../../http/route';
import { readiness } from './readiness';

/** Liveness for load balancers and the ops page: which database and queue this node runs on. */
export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    audience: 'public',
    handler: async (c) => ({ ok: true, database: c.ctx.database.kind, queue: c.ctx.queue.mode }),
  }),
  // Readiness (docs/api.md): 200 when this node can serve now, 503 while its database or Redis is
  // away or it is draining (SIGTERM). Load balancers route by this one; liveness stays /health.
  route({
    method: 'get',
    path: '/ready',
    audience: 'public',
    handler: async (c) => {
      const r = await readiness(c.ctx);
      c.res.setHeader('Cache-Control', 'no-store');
      c.res.status(r.ready ? 200 : 503).json(r);
      return undefined;
    },
  }),
];
