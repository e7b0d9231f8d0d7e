import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { TokenService } from './auth/tokens';
import type { Publisher } from './realtime/publisher';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { PrincipalCache } from './auth/principal-cache';
import type { RenderPdf } from './render/pool';
import type { Lifecycle } from './http/request-context';
import type { NotifiedAnswers } from './db/notified-answers';

/** Everything a request handler or a job processor needs; one per process. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  publisher: Publisher;
  queue: JobQueue;
  /** HTML → PDF with this process's Chromium pool (jobs run inline; the worker has its own). */
  renderPdf: RenderPdf;
  mailer: Mailer;
  /** Signed-in users kept between requests, dropped on change (server only; the worker has none). */
  principals: PrincipalCache;
  /** Public answers kept between requests, dropped on change (server only). */
  publicAnswers: NotifiedAnswers;
  /** Each municipality's sectors list kept between requests, dropped on change (server only). */
  sectorAnswers: NotifiedAnswers;
  /** Requests in flight and draining (graceful shutdown, readiness). */
  lifecycle: Lifecycle;
}
