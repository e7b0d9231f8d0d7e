import type { Worker } from 'bullmq';
import { logger, withRequestId } from '@tombo/server/logger';
import {
  QUEUE_NAME,
  WORKER_LOCK_MS,
  WORKER_MAX_STALLED,
  WORKER_STALLED_INTERVAL_MS,
  failAbandonedJob,
  runDelivery,
  type JobContext,
} from '@tombo/server/modules/jobs/runtime/index';

export interface JobWorkerOptions {
  redisUrl: string;
  /** BullMQ key prefix; must equal the API's (see `queuePrefix`). */
  prefix: string;
  concurrency?: number;
  /** Lock of a running job (ms); default WORKER_LOCK_MS. */
  lockDuration?: number;
  /** Stalled-job check period (ms); default WORKER_STALLED_INTERVAL_MS. */
  stalledInterval?: number;
}

/**
 * A BullMQ worker over the job definitions: user jobs (their `jobs` row stays the source of truth)
 * and the system jobs the API's job schedulers produce, all through the server's runner.
 */
export async function startJobWorker(
  ctx: JobContext,
  opts: JobWorkerOptions,
): Promise<{ worker: Worker; close(): Promise<void> }> {
  const [{ Worker: BullWorker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
  const worker = new BullWorker<unknown, string, string>(
    QUEUE_NAME,
    async (job) => {
      const attempt = job.attemptsMade + 1;
      const requestId = (job.data as { requestId?: unknown } | undefined)?.requestId;
      // Throws only when another attempt should follow (BullMQ then retries with backoff). Its logs carry
      // the id of the request that queued it.
      return withRequestId(typeof requestId === 'string' ? requestId : undefined, () =>
        runDelivery(ctx, { name: job.name, data: job.data, attempt, final: attempt >= (job.opts.attempts ?? 1) }),
      );
    },
    {
      connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 2,
      // A job whose worker died is put back in the queue once its lock expired (never lost); the
      // runner re-claims the same row and writes the same file (never two).
      lockDuration: opts.lockDuration ?? WORKER_LOCK_MS,
      stalledInterval: opts.stalledInterval ?? WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: WORKER_MAX_STALLED,
    },
  );
  worker.on('error', (err) => logger.error({ err }, 'job worker error'));
  worker.on('stalled', (jobId) => logger.warn({ jobId }, 'job stalled (its worker died): queued again'));
  // BullMQ fails a job that stalled too often without calling the processor: tell its row.
  worker.on('failed', (job, err) => {
    const id = (job?.data as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && /stalled/i.test(err.message))
      failAbandonedJob(ctx, id).catch((e: unknown) => logger.error({ err: e, jobId: id }, 'abandoned job not marked'));
  });
  worker.on('completed', (job, outcome) => logger.info({ jobId: job.id, name: job.name, outcome }, 'job done'));
  await worker.waitUntilReady();
  return {
    worker,
    async close() {
      await worker.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
