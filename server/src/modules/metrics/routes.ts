import { createHash, timingSafeEqual } from 'node:crypto';
import { notFound, unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import { queueMetrics } from './jobs';
import { metricsOf } from './registry';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the Authorization header is `Bearer <METRICS_TOKEN>` (compared in constant time). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Prometheus metrics: off (404) without METRICS_TOKEN, else only for that token as Bearer (401). */
export const metricsRoutes = [
  route({
    method: 'get',
    path: '/metrics',
    // Not a user's route: a scraper's, guarded by its own token below.
    audience: 'public',
    handler: async (c) => {
      const token = c.ctx.config.metricsToken;
      if (!token) throw notFound('Rota não encontrada.');
      if (!tokenMatches(c.req.headers.authorization, token))
        throw unauthorized('Token de métricas ausente ou inválido.');
      const { registry } = metricsOf(c.ctx);
      const body = (await registry.metrics()) + (await queueMetrics(c.ctx));
      c.res.set('Content-Type', registry.contentType).send(body);
      return undefined;
    },
  }),
];
