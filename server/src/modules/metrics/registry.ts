import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context';

/** The metrics of one running server (tests start several in one process, so not a global registry). */
export interface Metrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  /** Reads this node's open sockets at each scrape (set by `watchSockets`). */
  socketCount: () => number;
}

const byContext = new WeakMap<AppContext, Metrics>();

/** Buckets (seconds) of the request histogram: a list answers in ms, an export in seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** This server's metrics, made on first use. */
export function metricsOf(ctx: AppContext): Metrics {
  const known = byContext.get(ctx);
  if (known) return known;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const made: Metrics = {
    registry,
    requests: new Histogram({
      name: 'tombo_http_request_duration_seconds',
      help: 'Duração das requisições da API, pela rota declarada (não a URL) e pelo status.',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
    socketCount: () => 0,
  };
  new Gauge({
    name: 'tombo_socket_connections',
    help: 'Conexões Socket.IO abertas neste nó.',
    registers: [registry],
    collect() {
      this.set(made.socketCount());
    },
  });
  byContext.set(ctx, made);
  return made;
}

/**
 * Times every API request by its declared route (`/patrimonios/:id`), never the raw URL (bounded
 * labels); a request no route answered is `unmatched`. Mounted only when metrics are on.
 */
export function requestMetrics(ctx: AppContext): RequestHandler {
  const { requests } = metricsOf(ctx);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      requests.observe(
        { method: req.method, route: typeof route === 'string' ? route : 'unmatched', status: String(res.statusCode) },
        Number(process.hrtime.bigint() - start) / 1e9,
      );
    });
    next();
  };
}

/** Counts this node's Socket.IO connections (read at each scrape). */
export function watchSockets(io: { engine: { clientsCount: number } }, ctx: AppContext): void {
  if (!ctx.config.metricsToken) return;
  metricsOf(ctx).socketCount = () => io.engine.clientsCount;
}
