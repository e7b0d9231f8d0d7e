import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFreshDatabase, dropDatabase } from '../../server/src/db/test-database';

export interface BenchServer {
  url: string;
  databaseUrl: string | undefined;
  /** From spawn to the first /api/health answer (ms). */
  startMs: number;
  /** The server's DATA_DIR and the environment it was started with (a worker process joins it with them). */
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The server process (its CPU is read from /proc by the benches). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** Run the production bundle (server/dist, NODE_ENV=production) instead of the TypeScript sources. */
  compiled?: boolean;
  /** An existing DATA_DIR (a restart); default a new temporary one. */
  dataDir?: string;
  /** stop() leaves the database and DATA_DIR in place (a restart follows). */
  keep?: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The real server in its own process (so the load generator does not share its event loop),
 * on a fresh database with the demo seed.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  existingDatabaseUrl?: string,
  opts: BenchServerOptions = {},
): Promise<BenchServer> {
  const databaseUrl =
    existingDatabaseUrl ??
    (process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL, 'tombo_bench') : undefined);
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-'));
  const port = String(3900 + Math.floor(Math.random() * 90));
  // Compiled: the production bundle (npm run build) with NODE_ENV=production, as `npm start` runs it.
  const args = opts.compiled
    ? ['--enable-source-maps', 'server/dist/main.js']
    : ['--import', 'tsx', 'server/src/main.ts'];
  const startedAt = performance.now();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_MAX: '100000000',
    REDIS_PREFIX: `tombo-bench-${port}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(opts.compiled ? { NODE_ENV: 'production' } : {}),
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode != null) throw new Error('bench server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 3000) throw new Error('bench server did not start');
    await new Promise((r) => setTimeout(r, 40));
  }
  const startMs = performance.now() - startedAt;
  return {
    url,
    databaseUrl,
    startMs,
    dataDir,
    env: childEnv,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (opts.keep) return;
      if (databaseUrl && !existingDatabaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function loginToken(url: string, email: string, password = 'Tombo@2025'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Stops a bench's server and its database: a reused one (BENCH_DB) or one kept (BENCH_KEEP) is left as it
 * is and named, a fresh one is dropped.
 */
export async function finishBench(server: BenchServer, databaseUrl: string, reused: boolean): Promise<void> {
  await server.stop();
  if (reused) console.log(`(BENCH_DB: banco reutilizado, mantido em ${databaseUrl})`);
  else if (process.env.BENCH_KEEP) console.log(`(BENCH_KEEP: banco mantido em ${databaseUrl})`);
  else await dropDatabase(databaseUrl).catch(() => undefined);
}

/**
 * A bench that needs PostgreSQL: prints the machine, opens its database (a fresh one, or BENCH_DB) and
 * starts the server on it; null (the bench is skipped) without DATABASE_URL.
 */
export async function openPgBench(
  opts: { redis?: boolean; compiled?: boolean } = {},
): Promise<{ server: BenchServer; databaseUrl: string; reused: boolean } | null> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.log(
      'DATABASE_URL não definido: este bench precisa do PostgreSQL local (ex.: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres). Pulado.',
    );
    return null;
  }
  console.log(
    `Máquina: ${os.cpus()[0]?.model ?? 'cpu'} · nproc ${os.cpus().length} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}`,
  );
  const reused = !!process.env.BENCH_DB;
  const databaseUrl = process.env.BENCH_DB || (await createFreshDatabase(baseUrl, 'tombo_bench'));
  const redis = opts.redis ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : '';
  if (opts.compiled) buildServer();
  const server = await startBenchServer({ REDIS_URL: redis }, databaseUrl, { compiled: opts.compiled });
  return { server, databaseUrl, reused };
}

/** The production bundle (`server/dist`, what `npm start` runs), rebuilt only when its sources changed. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}
