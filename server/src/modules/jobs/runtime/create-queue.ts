import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { jobs } from '../../../db/schema';
import { read } from '../../../db/tx';
import { allMunicipalities } from '../../../tenancy/scope';
import type { JobQueue } from '../../../jobs/queue';
import { createInlineQueue } from './inline';
import { createBullQueue } from './bullmq';

/** BullMQ when REDIS_URL is set (a separate `npm run worker` runs the jobs and schedules), inline otherwise. */
export async function createQueue(base: Omit<AppContext, 'queue'>): Promise<JobQueue> {
  const { redisUrl } = base.config;
  // The user jobs not finished, of every municipality (installation bookkeeping): re-added after a Redis loss.
  const unfinished = () =>
    read(base, allMunicipalities(), (tx) =>
      tx
        .select({ id: jobs.id, name: jobs.name })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running'])),
    );
  return redisUrl ? createBullQueue({ ...base.config, redisUrl }, { unfinished }) : createInlineQueue(base);
}
