import type { Config } from '../config';

/** One BullMQ queue carries every job name; the processor is chosen by the job's name. */
export const QUEUE_NAME = 'tombo';

/** Retries with exponential backoff (2 s, 4 s); duplicates are dropped by `jobId` = our row id. */
export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF = { type: 'exponential', delay: 2_000 } as const;

/** Key prefix of the BullMQ queue in Redis, under REDIS_PREFIX (tests use a unique one so parallel runs don't collide). */
export const queuePrefix = (config: Pick<Config, 'redisPrefix'>): string => `${config.redisPrefix}:bull`;

/** Key of the Socket.IO Redis adapter channel; the worker's emitter must publish on the same one. */
export const socketKey = (config: Pick<Config, 'redisPrefix'>): string => `${config.redisPrefix}:socket.io`;

/** Pages of the Chromium pool per process. */
export const RENDER_PAGES = Number(process.env.RENDER_PAGES) || 2;
