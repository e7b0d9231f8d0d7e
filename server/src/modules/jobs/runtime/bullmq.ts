import type { Queue } from 'bullmq';
import type { Config } from '../../../config';
import { currentRequestId, logger } from '../../../logger';
import { jobDefinition, systemJobDefinitions } from '../../job-definitions';
import { DEFAULT_BACKOFF, scheduleOf, type JobDefinition, type SystemJobDefinition } from '../../../jobs/define';
import { TIME_ZONE } from '../../../jobs/format';
import type { JobQueue } from '../../../jobs/queue';
import { FAILED_JOB_AGE_S, QUEUE_NAME, queuePrefix } from '../../../jobs/settings';

/** BullMQ options of a definition's jobs: its retries and backoff. */
const jobOpts = (def: JobDefinition | undefined) => ({
  attempts: (def?.retries ?? 0) + 1,
  backoff: def?.backoff ?? DEFAULT_BACKOFF,
  removeOnComplete: true,
  removeOnFail: { age: FAILED_JOB_AGE_S },
});

/**
 * Makes the queue's job schedulers match the scheduled system definitions: one scheduler per name
 * (BullMQ keys them, so every API node may do this at start), none for a job no longer scheduled.
 */
export async function syncJobSchedulers(
  queue: Queue,
  config: Config,
  systemJobs: readonly SystemJobDefinition[] = systemJobDefinitions(),
): Promise<void> {
  const wanted = new Set<string>();
  for (const def of systemJobs) {
    const schedule = scheduleOf(def, config);
    if (!schedule) continue;
    wanted.add(def.name);
    await queue.upsertJobScheduler(
      def.name,
      schedule.every ? { every: schedule.every } : { pattern: schedule.cron, tz: TIME_ZONE },
      { name: def.name, data: { payload: {} }, opts: jobOpts(def) },
    );
  }
  for (const s of await queue.getJobSchedulers()) {
    if (!wanted.has(s.key)) await queue.removeJobScheduler(s.key);
  }
  logger.debug({ schedulers: [...wanted] }, 'job schedulers in place');
}

/**
 * BullMQ producer: the API adds jobs and the schedulers; `npm run worker` processes them. A worker's
 * job that hands new jobs on (a scheduled sweep) opens one with `schedulers: false` (the API owns them).
 */
export async function createBullQueue(
  config: Config & { redisUrl: string },
  opts: { schedulers?: boolean; unfinished?: () => Promise<Array<{ id: string; name: string }>> } = {},
): Promise<JobQueue> {
  const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  const queue = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(config) });
  // Redis back after a loss (restarted without persistence, failed over): the rows still queued or
  // running whose BullMQ job is gone are added again (same job id: a job still there is left alone;
  // the runner re-claims the row, one file). The `jobs` row is the durable truth.
  let connectedOnce = false;
  connection.on('ready', () => {
    if (!connectedOnce) return void (connectedOnce = true);
    if (opts.unfinished) void requeueLost(opts.unfinished);
  });
  const requeueLost = async (unfinished: () => Promise<Array<{ id: string; name: string }>>) => {
    try {
      let count = 0;
      for (const row of await unfinished())
        if (!(await queue.getJob(row.id))) {
          await queue.add(row.name, { id: row.id }, { jobId: row.id, ...jobOpts(jobDefinition(row.name)) });
          count++;
        }
      if (count) logger.warn({ count }, 'Redis voltou: tarefas perdidas na fila recolocadas');
      if (opts.schedulers !== false) await syncJobSchedulers(queue, config);
    } catch (err) {
      logger.error({ err }, 'tarefas não recolocadas após a volta do Redis');
    }
  };
  // Redis away at start: jobs still fail to enqueue visibly (409); the next start or node syncs again.
  if (opts.schedulers !== false)
    await syncJobSchedulers(queue, config).catch((err: unknown) => logger.error({ err }, 'job schedulers not synced'));
  const since = new Date();
  let lastSeenAt: Date | null = null;
  return {
    mode: 'bullmq',
    async enqueue({ id, name, requestId = currentRequestId() }) {
      // A retried row (POST /jobs/:id/retry) still has its failed BullMQ job (kept FAILED_JOB_AGE_S):
      // remove it, or the add below would be ignored as a duplicate id.
      const old = await queue.getJob(id);
      if (old && (await old.isFailed())) await old.remove();
      // The request id travels with the job: the worker's log lines for it carry the same one.
      await queue.add(name, requestId ? { id, requestId } : { id }, { jobId: id, ...jobOpts(jobDefinition(name)) });
    },
    async check() {
      if (connection.status !== 'ready') throw new Error(`redis ${connection.status}`);
      await connection.ping();
    },
    async workers() {
      // BullMQ names each worker's Redis connection: CLIENT LIST finds the ones connected now.
      const count = await queue.getWorkersCount();
      if (count > 0) lastSeenAt = new Date();
      return { mode: 'bullmq', count, lastSeenAt, since };
    },
    async close() {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
