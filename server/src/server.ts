import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import type { AppContext } from './context';
import { createApp } from './app';
import { appMessages } from './http/messages';
import { openDatabaseWithOwner, type OwnerDatabase } from './db/client';
import { migrate } from './db/migrate';
import { recordAppUrl } from './installation';
import { prepareVersion, recordVersion } from './modules/version';
import { ensureRolePermissions, ensureSuperuser, isEmpty, seedDemo } from './modules/demo-seed';
import { loadJwtSecret } from './auth/secrets';
import { TokenService } from './auth/tokens';
import { PrincipalCache } from './auth/principal-cache';
import { NotifiedAnswers } from './db/notified-answers';
import { PUBLIC_CHANNEL } from './modules/public/answers';
import { SECTORS_CHANNEL } from './modules/sectors/answers';
import { createSocketServer, type TomboIo } from './realtime/socket';
import { attachInventarioLive } from './modules/inventarios';
import { watchSockets } from './modules/metrics';
import { publisherFor } from './realtime/publisher';
import { createMailer } from './mail/mailer';
import { createQueue } from './modules/jobs/runtime/create-queue';
import { RENDER_PAGES } from './jobs/settings';
import { createPdfRenderer } from './render/pool';
import { logger } from './logger';
import { Lifecycle } from './http/request-context';
import { trackConnections } from './http/connections';
import { closeRateLimits } from './http/rate-limit';
import { accessRules } from './modules/access';
import { useAccessRules } from './tenancy/access';

export const pgliteDir = (config: Config) => (config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'));

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** The database as its owner (row-level security bypassed): for tests; never handed to request code. */
  owner: OwnerDatabase;
  io: TomboIo;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Embedded database in memory instead of under DATA_DIR (tests). */
  inMemory?: boolean;
  /** The in-memory database starts as a copy of this migrated data directory (tests: one migration per run). */
  pgliteTemplate?: Blob;
  /** Seed the demo data when the database is empty: 'auto' = only the embedded database. */
  seed?: 'auto' | 'always' | 'never';
}

/** Boots everything: database + migrations (+ demo seed), tokens, HTTP, Socket.IO, queue and its schedules. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  useAccessRules(accessRules);
  const boot = bootClock();
  const { database, owner } = await openDatabaseWithOwner({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.inMemory ? undefined : pgliteDir(config),
    pgliteTemplate: opts.inMemory ? opts.pgliteTemplate : undefined,
  });
  // Boot work is the owner's; everything after runs on the app's connections (tombo_app, fail closed).
  boot.mark('database');
  const versionBoot = await prepareVersion(owner, config);
  await migrate(owner);
  await recordVersion(owner, versionBoot);
  boot.mark('migrations');
  await owner.transaction((db) => ensureRolePermissions(db));
  await owner.transaction((db) => recordAppUrl(db, config.appUrl));
  const seed = opts.seed ?? (process.env.SEED_DEMO as StartOptions['seed']) ?? 'auto';
  if (seed === 'always' || (seed === 'auto' && database.kind === 'pglite'))
    await owner.transaction(async (db) => {
      if (!(await isEmpty(db))) return;
      await seedDemo(db);
      logger.info('Banco vazio: dados de demonstração criados (senha Tombo@2025; contas no README).');
    });
  const su = await owner.transaction((db) =>
    ensureSuperuser(db, process.env.SUPERUSER_EMAIL || 'superuser@tombo.gov.br', process.env.SUPERUSER_PASSWORD),
  );
  if (su.password)
    logger.warn(
      `Superusuário criado: ${process.env.SUPERUSER_EMAIL || 'superuser@tombo.gov.br'} / senha ${su.password} — troque-a no primeiro acesso.`,
    );
  boot.mark('seed');
  const tokens = new TokenService(loadJwtSecret(config), config.accessTokenTtlSeconds);
  const principals = new PrincipalCache(database);
  await principals.start();
  const publicAnswers = new NotifiedAnswers(database, PUBLIC_CHANNEL, config.publicCacheTtlMs);
  await publicAnswers.start();
  const sectorAnswers = new NotifiedAnswers(database, SECTORS_CHANNEL, config.sectorsCacheTtlMs);
  await sectorAnswers.start();
  // The app is created once the context exists; Socket.IO attaches after this listener and
  // answers /socket.io/ itself, handing every other request to it (never both).
  const messages = appMessages();
  const httpServer = http.createServer(
    { IncomingMessage: messages.IncomingMessage, ServerResponse: messages.ServerResponse },
    (req, res) => app(req, res),
  );
  const connections = trackConnections(httpServer);
  const sockets = await createSocketServer(httpServer, {
    tokens,
    principals,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  // Chromium for the PDFs of jobs run inline (launched on first use; with Redis the worker renders).
  const renderer = createPdfRenderer({ chromePath: config.chromePath, pages: RENDER_PAGES });
  const base = {
    config,
    database,
    db: database.db,
    tokens,
    publisher: publisherFor(sockets.io),
    renderPdf: renderer.render,
    mailer: createMailer(config),
    principals,
    publicAnswers,
    sectorAnswers,
    lifecycle: new Lifecycle(),
  };
  boot.mark('sockets');
  const ctx: AppContext = { ...base, queue: await createQueue(base) };
  boot.mark('queue');
  const app = createApp(ctx);
  messages.adopt(app);
  attachInventarioLive(sockets.io, ctx);
  watchSockets(sockets.io, ctx);
  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ bootMs: boot.done() }, `Tombo em ${url} (banco: ${database.kind}, fila: ${ctx.queue.mode})`);
  return {
    url,
    ctx,
    owner,
    io: sockets.io,
    /**
     * Graceful (SIGTERM): readiness turns 503 and answers close their connections; after SHUTDOWN_GRACE_MS
     * (a load balancer's time to notice) the listener closes, requests in flight finish (up to
     * SHUTDOWN_TIMEOUT_MS), sockets are cut at the transport so clients reconnect by themselves
     * (elsewhere, or here after the restart); then the queue finishes its running job and the database closes.
     */
    async close() {
      ctx.lifecycle.drain();
      const grace = Number(process.env.SHUTDOWN_GRACE_MS) || 0;
      if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
      const closed = connections.stopAccepting();
      // Transport close (not a server "disconnect"): Socket.IO clients retry with their backoff.
      sockets.io.engine.close();
      const limit = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 20_000;
      // Keep-alive connections that go idle after their last answer are closed as they do.
      const sweep = setInterval(() => connections.closeIdle(2_000), 100);
      connections.closeIdle(2_000);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), limit).unref());
      if ((await Promise.race([ctx.lifecycle.settled(), timeout])) === 'timeout')
        logger.warn({ inFlight: ctx.lifecycle.inFlight }, 'requisições ainda em andamento: conexões encerradas');
      // Answered connections end on their own (Connection: close); one still open after a moment is cut.
      const cut = setTimeout(() => httpServer.closeAllConnections(), 2_500);
      await closed;
      clearInterval(sweep);
      clearTimeout(cut);
      // The last changes' broadcasts go out on the next tick (Outbox.flush): let them leave before Redis closes.
      await new Promise((resolve) => setImmediate(resolve));
      await sockets.close();
      await ctx.queue.close();
      await renderer.close();
      await principals.close();
      await publicAnswers.close();
      await sectorAnswers.close();
      await closeRateLimits(ctx);
      await database.close();
    },
  };
}

/** Milliseconds spent in each boot phase (logged with the "Tombo em" line: restart time is watched). */
function bootClock() {
  const phases: Record<string, number> = {};
  let last = performance.now();
  const start = last;
  return {
    mark(phase: string) {
      const now = performance.now();
      phases[phase] = Math.round(now - last);
      last = now;
    },
    done() {
      phases.total = Math.round(performance.now() - start);
      phases.process = Math.round(performance.now());
      return phases;
    },
  };
}
