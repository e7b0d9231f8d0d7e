import type { Config } from '../config';

/** One BullMQ queue carries every job name; the definition is chosen by the job's name. */
export const QUEUE_NAME = 'tombo';

/** Key prefix of the BullMQ queue in Redis, under REDIS_PREFIX (tests use a unique one so parallel runs don't collide). */
export const queuePrefix = (config: Pick<Config, 'redisPrefix'>): string => `${config.redisPrefix}:bull`;

/** Key of the Socket.IO Redis adapter channel; the worker's emitter must publish on the same one. */
export const socketKey = (config: Pick<Config, 'redisPrefix'>): string => `${config.redisPrefix}:socket.io`;

/** Pages of the Chromium pool per process. */
export const RENDER_PAGES = Number(process.env.RENDER_PAGES) || 2;

/** A failed BullMQ job is kept this long (seconds) for inspection. */
export const FAILED_JOB_AGE_S = 7 * 24 * 3600;

/**
 * BullMQ lock of a running job (ms): the worker renews it every half of this while it works. A worker
 * that dies (SIGKILL, OOM, lost host) stops renewing; once the lock expired the stalled-job check
 * (every WORKER_STALLED_INTERVAL_MS, run by any live worker) puts the job back in the queue and
 * another worker runs it again — the runner re-claims the same row and writes the same file.
 */
export const WORKER_LOCK_MS = Number(process.env.WORKER_LOCK_MS) || 30_000;
/** How often (ms) a worker looks for jobs whose lock expired (stalled jobs). */
export const WORKER_STALLED_INTERVAL_MS = Number(process.env.WORKER_STALLED_INTERVAL_MS) || 15_000;
/** How many times a job may stall (its worker died) before BullMQ fails it instead of running it again. */
export const WORKER_MAX_STALLED = Number(process.env.WORKER_MAX_STALLED) || 2;
