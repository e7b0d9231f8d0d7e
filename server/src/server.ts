import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import type { AppContext } from './context';
import { createApp } from './app';
import { openDatabaseWithOwner, type OwnerDatabase } from './db/client';
import { migrate } from './db/migrate';
import { prepareVersion, recordVersion } from './modules/version';
import { ensureRolePermissions, ensureSuperuser, isEmpty, seedDemo } from './db/seed';
import { loadJwtSecret } from './auth/secrets';
import { TokenService } from './auth/tokens';
import { PrincipalCache } from './auth/principal-cache';
import { createSocketServer, type TomboIo } from './realtime/socket';
import { attachInventarioLive } from './modules/inventarios';
import { watchSockets } from './modules/metrics';
import { publisherFor } from './realtime/publisher';
import { createMailer } from './mail/mailer';
import { createQueue } from './jobs/create-queue';
import { RENDER_PAGES } from './jobs/settings';
import { createPdfRenderer } from './render/pool';
import { logger } from './logger';

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
  /** Seed the demo data when the database is empty: 'auto' = only the embedded database. */
  seed?: 'auto' | 'always' | 'never';
}

/** Boots everything: database + migrations (+ demo seed), tokens, HTTP, Socket.IO, queue and its schedules. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const { database, owner } = await openDatabaseWithOwner({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.inMemory ? undefined : pgliteDir(config),
  });
  // Boot work is the owner's; everything after runs on the app's connections (tombo_app, fail closed).
  const versionBoot = await prepareVersion(owner, config);
  await migrate(owner);
  await recordVersion(owner, versionBoot);
  await owner.transaction((db) => ensureRolePermissions(db));
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
  const tokens = new TokenService(loadJwtSecret(config), config.accessTokenTtlSeconds);
  const principals = new PrincipalCache(database);
  await principals.start();
  // The app is created once the context exists; Socket.IO attaches after this listener and
  // answers /socket.io/ itself, handing every other request to it (never both).
  const httpServer = http.createServer((req, res) => app(req, res));
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
  };
  const ctx: AppContext = { ...base, queue: await createQueue(base) };
  const app = createApp(ctx);
  attachInventarioLive(sockets.io, ctx);
  watchSockets(sockets.io, ctx);
  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info(`Tombo em ${url} (banco: ${database.kind}, fila: ${ctx.queue.mode})`);
  return {
    url,
    ctx,
    owner,
    io: sockets.io,
    /** Graceful: stop accepting, let requests in flight finish, then queue and database. */
    async close() {
      sockets.io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeIdleConnections();
      });
      // The last changes' broadcasts go out on the next tick (Outbox.flush): let them leave before Redis closes.
      await new Promise((resolve) => setImmediate(resolve));
      await sockets.close();
      await ctx.queue.close();
      await renderer.close();
      await principals.close();
      await database.close();
    },
  };
}
