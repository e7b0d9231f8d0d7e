import type { AppContext } from '../context';
import type { JobQueue } from './queue';
import { createInlineQueue } from './inline';
import { createBullQueue } from './bullmq';

/** BullMQ when REDIS_URL is set (a separate `npm run worker` runs the jobs and schedules), inline otherwise. */
export async function createQueue(base: Omit<AppContext, 'queue'>): Promise<JobQueue> {
  const { redisUrl } = base.config;
  return redisUrl ? createBullQueue({ ...base.config, redisUrl }) : createInlineQueue(base);
}
