// Issue 16: Redis restarted under load, against real processes: this test's own redis-server (no
// persistence, so a restart loses the queue), the API and a worker (the production bundle) on
// PostgreSQL. Every job the API accepted ends completed or failed with a reason, no API request
// hangs, and live events reach a socket again after the restart.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import {
  buildBundle,
  killAll,
  login,
  startProcess,
  tempDir,
  waitHealthy,
  waitLog,
  type Proc,
} from '../support/processes';
import { waitFor } from '../support/wait';

const REDIS_PORT = 3331;
const PORT = 3332;
const url = `http://127.0.0.1:${PORT}`;
const enabled = Boolean(process.env.DATABASE_URL) && fs.existsSync('/usr/bin/redis-server');
const procs: Proc[] = [];
let redis: ChildProcess | undefined;
let databaseUrl: string;
let dataDir: string;

async function startRedis(): Promise<void> {
  redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${REDIS_PORT}`).then(
      () => true,
      (e: Error) => !String(e.cause ?? e).includes('ECONNREFUSED'),
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  if (!enabled) return;
  buildBundle();
  dataDir = tempDir('tombo-faults-redis-');
  databaseUrl = await createMigratedDatabase(process.env.DATABASE_URL!);
}, 180_000);
afterAll(async () => {
  killAll(procs);
  redis?.kill('SIGKILL');
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const timed = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    signal: AbortSignal.timeout(15_000),
  }).then(
    async (r) => ({ status: r.status, body: (await r.json().catch(() => ({}))) as Record<string, any> }),
    (e: Error) => ({ status: 0, body: { error: String(e.cause ?? e) } as Record<string, any> }),
  );

describe.skipIf(!enabled)('Redis restarted under load', () => {
  it('every accepted job ends completed or failed with a reason; no request hangs; live events resume', async () => {
    await startRedis();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      REDIS_PREFIX: `tombo-faults-${process.pid}`,
      WORKER_LOCK_MS: '2000',
      WORKER_STALLED_INTERVAL_MS: '1000',
    };
    const api = startProcess('main', {
      ...env,
      PORT: String(PORT),
      SEED_DEMO: 'always',
      LOGIN_RATE_LIMIT_MAX: '100000',
    });
    procs.push(api);
    await waitHealthy(api, `${url}/api/health`);
    const worker = startProcess('worker', env);
    procs.push(worker);
    await waitLog(worker, 'worker ready');
    const token = await login(url);

    const accepted: string[] = [];
    const answers: number[] = [];
    const exportJob = async () => {
      const r = await timed('/api/exportacoes', token, { method: 'POST', body: JSON.stringify({ formato: 'csv' }) });
      answers.push(r.status);
      if (r.status === 202) accepted.push(r.body.job.id as string);
    };
    // Load: jobs and reads, before, during and after the outage.
    let running = true;
    const load = (async () => {
      while (running) {
        await Promise.all([exportJob(), timed('/api/sectors', token).then((r) => answers.push(r.status))]);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const ready = async () => (await fetch(`${url}/api/ready`)).status;
    await waitFor('jobs accepted before the outage', () => accepted.length >= 3, { timeout: 30_000 });
    redis!.kill('SIGKILL');
    // Away until the node knows it (readiness) and has answered requests meanwhile.
    const downAt = answers.length;
    await waitFor('readiness 503 with Redis away', async () => (await ready()) === 503, { timeout: 30_000 });
    await waitFor('requests answered during the outage', () => answers.length >= downAt + 6, { timeout: 30_000 });
    await startRedis();
    await waitFor('readiness 200 again', async () => (await ready()) === 200, { timeout: 30_000 });
    const upAt = accepted.length;
    await waitFor('jobs accepted after the restart', () => accepted.length >= upAt + 3, { timeout: 30_000 });
    running = false;
    await load;
    expect(
      answers.filter((s) => s === 0),
      'no request may hang or be reset',
    ).toEqual([]);
    expect(accepted.length).toBeGreaterThan(0);

    // Every accepted job ends completed, or failed with a reason.
    const ends = new Map<string, { status: string; error: string | null }>();
    for (let i = 0; i < 600 && ends.size < accepted.length; i++) {
      for (const id of accepted) {
        if (ends.has(id)) continue;
        const r = await timed(`/api/jobs/${id}`, token);
        const job = r.body.job as { status: string; error: string | null } | undefined;
        if (job && (job.status === 'completed' || job.status === 'failed')) ends.set(id, job);
      }
      if (ends.size < accepted.length) await new Promise((r) => setTimeout(r, 200));
    }
    const stuck = accepted.filter((id) => !ends.has(id));
    expect(stuck, `jobs neither completed nor failed:\n${api.log().slice(-2000)}`).toEqual([]);
    for (const end of ends.values()) if (end.status === 'failed') expect(end.error).toBeTruthy();

    // Live events after the restart: a new job's completion reaches a socket.
    const socket = io(url, { auth: { token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const done = new Promise<string>((resolve) =>
        socket.on('job.completed', (e: { data: { id: string } }) => resolve(e.data.id)),
      );
      const r = await timed('/api/exportacoes', token, { method: 'POST', body: JSON.stringify({ formato: 'csv' }) });
      expect(r.status).toBe(202);
      expect(await done).toBe(r.body.job.id);
    } finally {
      socket.close();
    }
    worker.child.kill('SIGTERM');
    api.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await api.exited).toBe(0);
  }, 240_000);
});
