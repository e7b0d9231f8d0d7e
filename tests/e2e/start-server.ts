/**
 * Starts the real server for the e2e run (Playwright webServer). When DATABASE_URL is set,
 * the run gets a fresh database on that server first (named in DATA_DIR's `e2e-database-url`, which
 * global-teardown.ts drops); otherwise the server uses an empty embedded database in DATA_DIR.
 * Either way the server seeds the demo data at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_DATABASE_FILE } from './global-teardown';

const root = path.resolve(import.meta.dirname, '../..');
const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href);

if (process.env.DATABASE_URL) {
  const { createFreshDatabase } = (await load('server/src/db/test-database.ts')) as {
    createFreshDatabase: (baseUrl: string, prefix?: string) => Promise<string>;
  };
  process.env.DATABASE_URL = await createFreshDatabase(process.env.DATABASE_URL, 'tombo_e2e');
  fs.mkdirSync(process.env.DATA_DIR!, { recursive: true });
  fs.writeFileSync(path.join(process.env.DATA_DIR!, E2E_DATABASE_FILE), process.env.DATABASE_URL);
  console.log(`[e2e] banco de dados novo: ${new URL(process.env.DATABASE_URL).pathname.slice(1)}`);
}

const { server } = (await load('server/src/main.ts')) as typeof import('../../server/src/main');

// TEST-ONLY: a local hook that makes the server notify a user (see notify-hook.ts); never started by the product.
const { startNotifyHook } = (await load('tests/e2e/notify-hook.ts')) as typeof import('./notify-hook');
startNotifyHook(server.ctx, Number(process.env.PORT));

// With Redis the API only enqueues: run the real worker process beside it, as in production.
if (process.env.REDIS_URL && process.env.DATABASE_URL) {
  const { spawn } = await import('node:child_process');
  const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
  });
  process.on('exit', () => worker.kill('SIGTERM'));
  console.log('[e2e] worker iniciado');
}
