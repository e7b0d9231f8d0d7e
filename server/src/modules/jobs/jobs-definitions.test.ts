import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_NAMES, MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../../../../tests/support/harness';
import { client } from '../../../../tests/support/http';
import { jobRecorder, startWorkerIfNeeded } from '../../../../tests/support/jobs';
import { jobs } from '../../db/schema';
import { createBullQueue, syncJobSchedulers } from './runtime/bullmq';
import { loadConfig } from '../../config';
import { defineJob, scheduleOf } from '../../jobs/define';
import { TIME_ZONE } from '../../jobs/format';
import { createInlineQueue } from './runtime/inline';
import { QUEUE_NAME, queuePrefix } from '../../jobs/settings';
import { jobDefinitions } from '../job-definitions';
import { download } from './jobs.test-support';

const REDIS_URL = process.env.REDIS_URL;
const SWEEP_MS = 200;
/** The loans' daily job (a cron scheduler: no `every`). */
const LOANS_DAILY = { key: 'loans.overdue', every: undefined };
/** The maintenance reminders (issue 13), also a daily cron. */
const MANUTENCOES_DAILY = { key: 'manutencoes.avisos', every: undefined };

describe('job definitions', () => {
  it('define every job a user may ask for once, as a user job; system jobs are scheduled work', async () => {
    const names = jobDefinitions.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    const user = jobDefinitions.filter((d) => d.owner === 'user').map((d) => d.name);
    expect([...user].sort()).toEqual([...JOB_NAMES].sort());
    const system = jobDefinitions.filter((d) => d.owner === 'system');
    expect(system.map((d) => d.name)).toContain('jobs.file-retention');
    // Schedules are valid for the default config (a bad one would stop the inline runner at start).
    for (const def of system) expect(() => scheduleOf(def, loadConfig()), def.name).not.toThrow();
    expect(
      scheduleOf(
        system.find((d) => d.name === 'jobs.file-retention')!,
        loadConfig(),
      ),
    ).toEqual({
      every: 3_600_000,
    });
    for (const def of jobDefinitions) {
      expect(def.retries, def.name).toBeGreaterThanOrEqual(0);
      expect(typeof (await def.handler()).run, def.name).toBe('function');
    }
  });
});

/**
 * An export finished 8 days ago, found and removed by the scheduled sweep alone (no call from the
 * test); the owner hears it live; the sweep wrote no `jobs` row of its own.
 */
async function expectScheduledSweep(s: TestServer) {
  const token = await s.token('supervisor');
  const rec = jobRecorder(await s.socket(token));
  const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'xlsx' });
  expect(posted.status).toBe(202);
  const id: string = posted.body.job.id;
  await rec.completed(id);
  const file = path.join(s.ctx.config.dataDir, 'files', 'jobs', `${id}.xlsx`);
  expect(fs.existsSync(file)).toBe(true);
  const count = async () => (await s.owner.query<{ n: number }>('select count(*)::int n from jobs'))[0].n;
  const before = await count();

  await s.owner.transaction((tx) =>
    tx
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '8 days'` })
      .where(eq(jobs.id, id)),
  );
  await expect
    .poll(() => rec.of(id).some((e) => e.name === 'job.progress' && e.event.data.fileRemoved), { timeout: 30_000 })
    .toBe(true);
  expect(fs.existsSync(file)).toBe(false);
  const [row] = await s.owner.transaction((tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
  expect(row.fileRemovedAt).not.toBeNull();
  expect((await download(s, token, id)).res.status).toBe(404);
  expect(await count()).toBe(before);
  const names = await s.owner.query<{ name: string }>('select distinct name from jobs');
  expect(names.map((r) => r.name).filter((n) => !(JOB_NAMES as readonly string[]).includes(n))).toEqual([]);
}

describe('scheduled system jobs, inline runner (no Redis)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined, jobFileRetentionSweepMs: SWEEP_MS }, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('runs the retention sweep on its schedule: expired files go without any manual call', async () => {
    expect(s.ctx.queue.mode).toBe('inline');
    await expectScheduledSweep(s);
  });

  it('runs a cron-scheduled system job at the times of its pattern and retries a failed run', async () => {
    const calls: Array<{ at: number; ok: boolean }> = [];
    const everySecond = defineJob({
      name: 'test.every-second',
      owner: 'system',
      payload: z.strictObject({}),
      retries: 1,
      backoff: { type: 'fixed', delay: 10 },
      schedule: { cron: '* * * * * *' },
      handler: async () => ({
        run: async () => {
          const ok = calls.length > 0;
          calls.push({ at: Date.now(), ok });
          if (!ok) throw new Error('the first run fails');
        },
      }),
    });
    const queue = createInlineQueue(s.ctx, [everySecond]);
    try {
      await expect.poll(() => calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await queue.close();
    }
    expect(calls.map((c) => c.ok).slice(0, 3)).toEqual([false, true, true]);
    // The retry follows its 10 ms backoff; the next run is the pattern's next second, not the failed one's
    // second again (on a busy machine the retry itself may land in that next second, beside it).
    expect(calls[1].at - calls[0].at).toBeLessThan(900);
    expect(Math.floor(calls[2].at / 1000)).toBeGreaterThan(Math.floor(calls[0].at / 1000));
  });
});

describe('user jobs, inline runner: the definition’s retries', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined, chromePath: '/nonexistent/chromium' }, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('tries a failing job again after its backoff, then fails it with a pt-BR reason', async () => {
    const token = await s.token('admin');
    const rec = jobRecorder(await s.socket(token));
    const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'pdf' });
    expect(posted.status).toBe(202);
    const id: string = posted.body.job.id;
    const done = await rec.completed(id);
    expect(done.event.data).toMatchObject({
      status: 'failed',
      error: `${MSG.jobs.failed} Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).`,
    });
    const def = jobDefinitions.find((d) => d.name === 'export.sectors')!;
    const [row] = await s.owner.transaction((tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
    expect(row.attempts).toBe(def.retries + 1);
    // Between attempts the owner saw it queued again.
    const statuses = rec.of(id).map((e) => e.event.data.status);
    expect(statuses.filter((st) => st === 'queued')).toHaveLength(def.retries);
  });
});

async function bullQueue(s: TestServer) {
  const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(s.ctx.config) });
  return {
    queue,
    schedulers: async () =>
      (await queue.getJobSchedulers())
        .map((j) => ({ key: j.key, every: j.every }))
        .sort((a, b) => (a.key < b.key ? -1 : 1)),
    async close() {
      await queue.close();
      await connection.quit();
    },
  };
}

describe.skipIf(!REDIS_URL)(
  `scheduled system jobs through BullMQ's job schedulers${REDIS_URL ? '' : ' (skipped: REDIS_URL not set)'}`,
  () => {
    let s: TestServer;
    let stopWorker: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      s = await startTestServer({ redisUrl: REDIS_URL, jobFileRetentionSweepMs: SWEEP_MS }, { seed: true });
      stopWorker = await startWorkerIfNeeded(s);
    });
    afterAll(async () => {
      await stopWorker();
      await s?.close();
    });

    /** Issue 12's sweep of due municipality backups (and their retention); sorts before the others. */
    const BACKUPS = { key: 'backups.scheduled', every: 15 * 60_000 };
    /** The hourly cleanup of old register uploads (issue 12's import). */
    const IMPORTACAO_CLEANUP = { key: 'importacao.cleanup', every: 60 * 60_000 };
    /** Issue 36: the activity-log row of a month reaching its accounting deadline. */
    const CONTABILIDADE_BLOQUEIO = { key: 'contabilidade.bloqueio', every: 60 * 60_000 };
    /** The scheduled sweeps of issue 11: due report configs, pending custody-term versions. */
    const SWEEPS = [
      { key: 'reports.scheduled', every: 300_000 },
      { key: 'termos.pending', every: 5_000 },
    ];

    it('the API sets one keyed scheduler; the worker runs the sweep it produces', async () => {
      expect(s.ctx.queue.mode).toBe('bullmq');
      const q = await bullQueue(s);
      try {
        expect(await q.schedulers()).toEqual([
          BACKUPS,
          CONTABILIDADE_BLOQUEIO,
          IMPORTACAO_CLEANUP,
          { key: 'jobs.file-retention', every: SWEEP_MS },
          LOANS_DAILY,
          MANUTENCOES_DAILY,
          ...SWEEPS,
        ]);
      } finally {
        await q.close();
      }
      await expectScheduledSweep(s);
    });

    it('another node starting keeps one scheduler; a job no longer scheduled loses its scheduler', async () => {
      const q = await bullQueue(s);
      try {
        await q.queue.upsertJobScheduler('old.sweep', { every: 60_000 }, { name: 'old.sweep', data: { payload: {} } });
        const other = await createBullQueue({ ...s.ctx.config, redisUrl: REDIS_URL! });
        await other.close();
        expect(await q.schedulers()).toEqual([
          BACKUPS,
          CONTABILIDADE_BLOQUEIO,
          IMPORTACAO_CLEANUP,
          { key: 'jobs.file-retention', every: SWEEP_MS },
          LOANS_DAILY,
          MANUTENCOES_DAILY,
          ...SWEEPS,
        ]);
        // A node configured to keep files forever (JOB_FILE_RETENTION_DAYS=0) removes the sweep's scheduler.
        const keepAll = await createBullQueue({ ...s.ctx.config, redisUrl: REDIS_URL!, jobFileRetentionDays: 0 });
        await keepAll.close();
        expect(await q.schedulers()).toEqual([
          BACKUPS,
          CONTABILIDADE_BLOQUEIO,
          IMPORTACAO_CLEANUP,
          LOANS_DAILY,
          MANUTENCOES_DAILY,
          ...SWEEPS,
        ]);
      } finally {
        await q.close();
      }
    });

    it('sets a cron schedule in the city hall time zone', async () => {
      const nightly = defineJob({
        name: 'test.nightly',
        owner: 'system',
        payload: z.strictObject({}),
        retries: 0,
        schedule: { cron: '0 3 * * *' },
        handler: async () => ({ run: async () => undefined }),
      });
      const q = await bullQueue(s);
      try {
        await syncJobSchedulers(q.queue, s.ctx.config, [nightly]);
        const got = (await q.queue.getJobSchedulers()).map((j) => ({ key: j.key, pattern: j.pattern, tz: j.tz }));
        expect(got).toEqual([{ key: 'test.nightly', pattern: '0 3 * * *', tz: TIME_ZONE }]);
      } finally {
        await q.close();
      }
    });
  },
);

const DATABASE_URL = process.env.DATABASE_URL;

/** Starts `npm run worker` (worker/src/main.ts) for the test server's database, Redis prefix and DATA_DIR. */
async function startWorkerProcess(s: TestServer): Promise<ChildProcess> {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: s.ctx.config.databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: s.ctx.config.redisPrefix,
      DATA_DIR: s.ctx.config.dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"msg":"worker ready"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready:\n${out}`)));
  });
  child.stdout!.resume();
  return child;
}

describe.skipIf(!REDIS_URL || !DATABASE_URL)(
  `the worker process (npm run worker)${REDIS_URL && DATABASE_URL ? '' : ' (skipped: needs REDIS_URL and DATABASE_URL)'}`,
  () => {
    let s: TestServer;
    let worker: ChildProcess | undefined;
    beforeAll(async () => {
      s = await startTestServer({ redisUrl: REDIS_URL, jobFileRetentionSweepMs: SWEEP_MS }, { seed: true });
      worker = await startWorkerProcess(s);
    });
    afterAll(async () => {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((resolve) => worker!.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
      await s?.close();
    });

    it('runs a PDF export end to end with its own Chromium, and the scheduled sweep', async () => {
      const token = await s.token('admin');
      const rec = jobRecorder(await s.socket(token));
      const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'pdf' });
      expect(posted.status).toBe(202);
      const done = await rec.completed(posted.body.job.id, 60_000);
      expect(done.event.data).toMatchObject({ status: 'completed', progress: 100 });
      const { res, bytes } = await download(s, token, posted.body.job.id);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expectScheduledSweep(s);
    });

    it('stops cleanly on SIGTERM', async () => {
      const exited = new Promise<number | null>((resolve) => worker!.once('exit', resolve));
      worker!.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  },
);
