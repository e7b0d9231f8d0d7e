import type { Socket } from 'socket.io-client';
import type { Job, LiveEvent } from '@tombo/shared';
import { QUEUE_NAME, queuePrefix, socketKey } from '../../server/src/jobs/settings';
import { createPdfRenderer } from '../../server/src/render/pool';
import { startJobWorker } from '@tombo/worker/bull-worker';
import { createRedisPublisher } from '@tombo/worker/publisher';
import type { TestServer } from './harness';

export type JobEvent = { name: 'job.progress' | 'job.completed'; event: LiveEvent<Job> };

/** Records every job.* event a socket receives; `completed(id)` waits for that job's job.completed. */
export function jobRecorder(socket: Socket) {
  const seen: JobEvent[] = [];
  const waiting: Array<{ match: (e: JobEvent) => boolean; resolve: (e: JobEvent) => void }> = [];
  for (const name of ['job.progress', 'job.completed'] as const) {
    socket.on(name, (event: LiveEvent<Job>) => {
      const e = { name, event };
      seen.push(e);
      for (const w of waiting.splice(0)) {
        if (w.match(e)) w.resolve(e);
        else waiting.push(w);
      }
    });
  }
  return {
    seen,
    of: (id: string) => seen.filter((e) => e.event.data.id === id),
    completed(id: string, ms = 60_000): Promise<JobEvent> {
      const match = (e: JobEvent) => e.name === 'job.completed' && e.event.data.id === id;
      const hit = seen.find(match);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no job.completed for ${id} within ${ms} ms`)), ms);
        waiting.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}

/** Polls GET /api/jobs/:id until the job is over (for tests that do not listen to the socket). */
export async function waitJob(s: TestServer, token: string, id: string, ms = 110_000): Promise<Job> {
  const until = Date.now() + ms;
  for (;;) {
    // With PGlite (one connection) a poll may wait for the whole import transaction and be cut off.
    const job = await fetch(`${s.url}/api/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } }).then(
      async (res) => ((await res.json()) as { job: Job }).job,
      () => null,
    );
    if (job && (job.status === 'completed' || job.status === 'failed')) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job?.status ?? 'unknown'} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The result file of a job, fetched like the client does. */
export async function jobDownload(s: TestServer, token: string, id: string) {
  const res = await fetch(`${s.url}/api/jobs/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * When the test server uses BullMQ (REDIS_URL set), starts the worker in-process (its own Redis
 * publisher and Chromium, the same definitions); inline mode needs none. Returns the function that stops it.
 */
export async function startWorkerIfNeeded(s: TestServer): Promise<() => Promise<void>> {
  if (s.ctx.queue.mode !== 'bullmq' || !s.ctx.config.redisUrl) return async () => undefined;
  const redisUrl = s.ctx.config.redisUrl;
  const { publisher, close: closePublisher } = await createRedisPublisher(redisUrl, socketKey(s.ctx.config));
  const renderer = createPdfRenderer({ chromePath: s.ctx.config.chromePath });
  const worker = await startJobWorker(
    { config: s.ctx.config, database: s.ctx.database, db: s.ctx.db, publisher, renderPdf: renderer.render },
    { redisUrl, prefix: queuePrefix(s.ctx.config), concurrency: 2 },
  );
  return async () => {
    await worker.close();
    await renderer.close();
    await closePublisher();
    const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const q = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(s.ctx.config) });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
    await connection.quit();
  };
}
