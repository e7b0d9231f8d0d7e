// Issue 16: graceful shutdown of a real server process (the production bundle). SIGTERM with 50
// requests and a job in flight: every request is answered (no connection reset), the process exits
// by itself, and the job completes exactly once (before the exit, or after the restart). A SIGTERM
// during the boot's migrations: they complete (one transaction), the process then stops.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import { buildBundle, killAll, login, root, startProcess, tempDir, waitHealthy, type Proc } from '../support/processes';

const PORT = 3311;
const url = `http://127.0.0.1:${PORT}`;
const procs: Proc[] = [];
const databases: string[] = [];
let dataDir: string;
let databaseUrl: string | undefined;

const start = (extra: Record<string, string> = {}) => {
  const p = startProcess('main', {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SEED_DEMO: 'always',
    LOGIN_RATE_LIMIT_MAX: '100000',
    // The load balancer's notice time: the listener stays open this long after SIGTERM.
    SHUTDOWN_GRACE_MS: '500',
    ...extra,
  });
  procs.push(p);
  return p;
};

beforeAll(async () => {
  buildBundle();
  dataDir = tempDir('tombo-shutdown-');
  if (process.env.DATABASE_URL) databases.push((databaseUrl = await createMigratedDatabase(process.env.DATABASE_URL)));
}, 180_000);
afterAll(async () => {
  killAll(procs);
  for (const db of databases) await dropDatabase(db).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('50 requests and a job in flight: all answered, exit 0, the job completes exactly once', async () => {
    const first = start();
    await waitHealthy(first, `${url}/api/health`);
    const token = await login(url);
    const auth = { authorization: `Bearer ${token}` };
    const job = await fetch(`${url}/api/exportacoes`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ formato: 'xlsx' }),
    });
    expect(job.status).toBe(202);
    const id = ((await job.json()) as { job: { id: string } }).job.id;

    const requests = Array.from({ length: 50 }, () =>
      fetch(`${url}/api/sectors`, { headers: auth }).then(
        async (r) => ({ status: r.status, body: await r.text(), error: '' }),
        (err: Error) => ({ status: 0, body: '', error: String(err.cause ?? err) }),
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.error)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await first.exited).toBe(0);
    expect(first.log()).toContain('Encerrando');

    // Restarted on the same DATA_DIR and database: the job is completed (here or now), once.
    const second = start({ SEED_DEMO: 'never' });
    await waitHealthy(second, `${url}/api/health`);
    let status = '';
    for (let i = 0; i < 600 && status !== 'completed' && status !== 'failed'; i++) {
      const r = await fetch(`${url}/api/jobs/${id}`, { headers: auth });
      status = r.ok ? ((await r.json()) as { job: { status: string } }).job.status : '';
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('completed');
    const files = fs.readdirSync(path.join(dataDir, 'files', 'jobs')).filter((n) => n.startsWith(id));
    expect(files).toEqual([`${id}.xlsx`]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'during the migrations: they complete in their transaction, then the process stops',
    async () => {
      const fresh = await createFreshDatabase(process.env.DATABASE_URL!);
      databases.push(fresh);
      const dbName = new URL(fresh).pathname.slice(1);
      const watch = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await watch.connect();
      try {
        const p = startProcess('main', {
          PORT: String(PORT + 1),
          DATA_DIR: tempDir('tombo-migrate-'),
          DATABASE_URL: fresh,
          REDIS_URL: '',
          SEED_DEMO: 'never',
        });
        procs.push(p);
        // The boot's first connections to the new database: the migrations are under way.
        for (;;) {
          const { rows } = await watch.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            dbName,
          ]);
          if (rows[0].n > 0) break;
          if (p.child.exitCode != null) throw new Error(p.log());
          await new Promise((r) => setTimeout(r, 5));
        }
        p.child.kill('SIGTERM');
        expect(await p.exited).toBe(0);
        const journal = JSON.parse(
          fs.readFileSync(path.join(root, 'server/src/db/migrations/meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const check = new pg.Client({ connectionString: fresh });
        await check.connect();
        const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        await check.end();
        expect(rows[0].n).toBe(journal.entries.length);
      } finally {
        await watch.end();
      }
    },
    180_000,
  );
});
