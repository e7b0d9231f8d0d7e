import { asc, inArray } from 'drizzle-orm';
import type { JobName } from '@tombo/shared';
import type { AppContext } from '../context';
import { jobs } from '../db/schema';
import { logger } from '../logger';
import type { JobQueue } from './queue';

type Base = Omit<AppContext, 'queue'>;

/**
 * Inline mode (no Redis): the same processors, in this process, one job at a time, started with
 * setImmediate after the request that enqueued them. One attempt (like Laravel's sync driver); a
 * failure marks the row failed with its pt-BR reason. Unfinished rows are resumed at start.
 */
export function createInlineQueue(ctx: Base): JobQueue {
  const accepted = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const run = async (id: string) => {
    try {
      const { runJob } = await import('@tombo/worker/jobs/run');
      await runJob(ctx, id, { attempt: 1, final: true });
    } catch (err) {
      logger.error({ err, jobId: id }, 'inline job crashed');
    } finally {
      accepted.delete(id);
    }
  };

  const queue: JobQueue = {
    mode: 'inline',
    async enqueue({ id }) {
      if (closed) throw new Error('job queue closed');
      if (accepted.has(id)) return;
      accepted.add(id);
      chain = chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => run(id));
    },
    async close() {
      closed = true;
      await resumed;
      await chain;
      const { closeRenderer } = await import('@tombo/worker/render/pool');
      await closeRenderer();
    },
  };

  // The row is the only durable copy: jobs a previous run of this process accepted but did not
  // finish (stopped or crashed) are picked up again; processors are idempotent.
  const resumed = ctx.db
    .select({ id: jobs.id, name: jobs.name })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .orderBy(asc(jobs.createdAt))
    .then((rows) => {
      if (rows.length) logger.info({ count: rows.length }, 'resuming unfinished jobs');
      for (const r of rows) if (!closed) void queue.enqueue({ id: r.id, name: r.name as JobName });
    })
    .catch((err: unknown) => logger.error({ err }, 'could not resume unfinished jobs'));
  return queue;
}
