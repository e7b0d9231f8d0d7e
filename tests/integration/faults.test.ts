// Issue 16: faults against a real server process (the production bundle) on PostgreSQL. The app's
// database connections are killed mid-traffic (pg_terminate_backend), and the database is unreachable
// for seconds (the server reaches it through a TCP relay that this test closes and reopens): while it
// lasts a request gets 200 or a 503 with the pt-BR message (never a 500, never a hang), and the app
// recovers by itself within 10 s, without a restart. Readiness tells the truth meanwhile.
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import { INPUT_MSG } from '../../server/src/http/errors';
import { buildBundle, killAll, login, startProcess, tempDir, waitHealthy, type Proc } from '../support/processes';
import { waitFor } from '../support/wait';

const PORT = 3321;
const url = `http://127.0.0.1:${PORT}`;
const pgOnly = Boolean(process.env.DATABASE_URL);
const procs: Proc[] = [];
let databaseUrl: string;
let dataDir: string;

beforeAll(async () => {
  if (!pgOnly) return;
  buildBundle();
  dataDir = tempDir('tombo-faults-');
  databaseUrl = await createMigratedDatabase(process.env.DATABASE_URL!);
}, 180_000);
afterAll(async () => {
  killAll(procs);
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  message?: string;
  error?: string;
}

/** One request, never waiting more than 10 s (a hang is a failure, reported as such). */
async function get(path: string, token: string): Promise<Answer> {
  try {
    const r = await fetch(`${url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await r.json().catch(() => ({}))) as { error?: { message?: string } };
    return { status: r.status, message: body.error?.message };
  } catch (err) {
    return { status: 0, error: String((err as Error).cause ?? err) };
  }
}

/** Back by itself: true once an authorised read answers 200 again and readiness says so, within 10 s of `since`. */
async function backWithin10s(token: string, since: number): Promise<boolean> {
  while (Date.now() - since < 10_000) {
    if ((await get('/api/sectors', token)).status === 200 && (await fetch(`${url}/api/ready`)).status === 200)
      return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** How many answers of each status (for the failure message). */
const tallyOf = (answers: Answer[]) =>
  JSON.stringify(answers.reduce<Record<string, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {}));

describe.skipIf(!pgOnly)('PostgreSQL connections killed mid-traffic', () => {
  it('503 with a pt-BR message while it lasts, then back by itself within 10 s', async () => {
    const p = startProcess('main', {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SEED_DEMO: 'always',
      LOGIN_RATE_LIMIT_MAX: '100000',
    });
    procs.push(p);
    await waitHealthy(p, `${url}/api/health`);
    const token = await login(url);
    const dbName = new URL(databaseUrl).pathname.slice(1);

    // Traffic: 20 clients in a loop until told to stop.
    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 20 }, async () => {
      while (running) answers.push(await get('/api/sectors', token));
    });
    await waitFor('traffic answered', () => answers.filter((a) => a.status === 200).length >= 20);

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    let killed = 0;
    for (let i = 0; i < 5; i++) {
      const { rows } = await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      killed += rows[0].n;
      // The next round kills the connections the pool opened again: wait for a read served by one.
      const n = answers.length;
      await waitFor('a read served after the kill', () => answers.slice(n).some((a) => a.status === 200));
    }
    await admin.end();
    expect(killed).toBeGreaterThan(0);
    const killedAt = Date.now();

    const back = await backWithin10s(token, killedAt);
    running = false;
    await Promise.all(clients);
    const tally = tallyOf(answers);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.text(),
      (e: Error) => `ready: ${String(e.cause ?? e)} exit ${p.child.exitCode}`,
    );
    expect(back, `the app did not recover within 10 s: ${tally} ${ready}\n${p.log().slice(-3000)}`).toBe(true);

    const bad = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(bad, 'only 200 or 503, no 500 and no hang').toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    for (const a of unavailable) expect(a.message).toBe(INPUT_MSG.unavailable);
    expect(p.child.exitCode).toBeNull();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 180_000);
});

/**
 * A TCP relay to the PostgreSQL of DATABASE_URL on `port`: `down()` drops every relayed connection and
 * stops listening (new connections are refused, as with a database that is gone), `up()` listens again.
 */
function pgRelay(port: number) {
  const target = new URL(process.env.DATABASE_URL!);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  /** The database URL through the relay. */
  const urlOf = (database: string) => {
    const u = new URL(database);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  return { up, down, urlOf };
}

describe.skipIf(!pgOnly)('PostgreSQL unreachable for a few seconds', () => {
  it('503 with a pt-BR message (never a 500, never a hang) while it is away; back by itself within 10 s', async () => {
    const relay = pgRelay(PORT + 1000);
    await relay.up();
    const p = startProcess('main', {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: relay.urlOf(databaseUrl),
      REDIS_URL: '',
      SEED_DEMO: 'always',
      LOGIN_RATE_LIMIT_MAX: '100000',
      DB_CONNECT_TIMEOUT_MS: '2000',
    });
    procs.push(p);
    try {
      await waitHealthy(p, `${url}/api/health`);
      const token = await login(url);
      const answers: Answer[] = [];
      let running = true;
      const clients = Array.from({ length: 10 }, async () => {
        while (running) {
          answers.push(await get('/api/sectors', token));
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      await waitFor('traffic answered', () => answers.some((a) => a.status === 200));
      expect(answers.some((a) => a.status === 200)).toBe(true);

      await relay.down();
      const downAt = answers.length;
      // Away until every client has been answered 503 at least once (a hang would never get there).
      await waitFor('a 503 per client', () => answers.slice(downAt).filter((a) => a.status === 503).length >= 10, {
        timeout: 30_000,
      });
      const whileDown = answers.slice(downAt);
      // Readiness tells a load balancer the database is away.
      expect((await fetch(`${url}/api/ready`)).status).toBe(503);
      expect(whileDown.filter((a) => a.status === 503).length).toBeGreaterThan(0);

      await relay.up();
      const back = await backWithin10s(token, Date.now());
      running = false;
      await Promise.all(clients);
      const tally = tallyOf(answers);
      expect(back, `the app did not recover within 10 s: ${tally}\n${p.log().slice(-3000)}`).toBe(true);
      expect(
        answers.filter((a) => a.status !== 200 && a.status !== 503),
        `only 200 or 503, no 500 and no hang: ${tally}`,
      ).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) expect(a.message).toBe(INPUT_MSG.unavailable);
      expect(p.child.exitCode).toBeNull();
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
    } finally {
      await relay.down();
    }
  }, 180_000);
});
