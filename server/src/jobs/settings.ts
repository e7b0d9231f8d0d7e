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
