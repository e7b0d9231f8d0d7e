import type { Worker } from 'bullmq';
import { logger } from '@tombo/server/logger';
import { JOB_ATTEMPTS, QUEUE_NAME } from '@tombo/server/jobs/settings';
import { runJob } from './run';
import type { JobContext } from './types';

export interface JobWorkerOptions {
  redisUrl: string;
  /** BullMQ key prefix; must equal the API's (see `queuePrefix`). */
  prefix: string;
  concurrency?: number;
}

/** A BullMQ worker running our processors; the `jobs` row stays the source of truth. */
export async function startJobWorker(
  ctx: JobContext,
  opts: JobWorkerOptions,
): Promise<{ worker: Worker; close(): Promise<void> }> {
  const [{ Worker: BullWorker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  const worker = new BullWorker<{ id: string }, string, string>(
    QUEUE_NAME,
    async (job) => {
      const attempts = job.opts.attempts ?? JOB_ATTEMPTS;
      const attempt = job.attemptsMade + 1;
      // Throws only when another attempt should follow (BullMQ then retries with backoff).
      return runJob(ctx, job.data.id, { attempt, final: attempt >= attempts });
    },
    {
      connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 2,
    },
  );
  worker.on('error', (err) => logger.error({ err }, 'job worker error'));
  worker.on('completed', (job, outcome) => logger.info({ jobId: job.data.id, name: job.name, outcome }, 'job done'));
  await worker.waitUntilReady();
  return {
    worker,
    async close() {
      await worker.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
