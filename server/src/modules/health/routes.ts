import { route } from '../../http/route';

/** Liveness for load balancers and the ops page: which database and queue this node runs on. */
export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    audience: 'public',
    handler: async (c) => ({ ok: true, database: c.ctx.database.kind, queue: c.ctx.queue.mode }),
  }),
];
