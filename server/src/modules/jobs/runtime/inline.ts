import { asc, inArray } from 'drizzle-orm';
import type { JobName } from '@tombo/shared';
import { jobs } from '../../../db/schema';
import { read } from '../../../db/tx';
import { currentRequestId, logger, withRequestId } from '../../../logger';
import { systemJobDefinitions, userJobDefinition } from '../../job-definitions';
import {
  backoffDelay,
  scheduleOf,
  type JobContext,
  type Schedule,
  type SystemJobDefinition,
} from '../../../jobs/define';
import { TIME_ZONE } from '../../../jobs/format';
import type { JobQueue } from '../../../jobs/queue';
import { failAbandonedJob, runJob, runSystemJob } from './runner';
import { allMunicipalities } from '../../../tenancy/scope';

/**
 * Inline mode (no Redis): the same definitions and runner as the worker, in this process, one job at
 * a time, started with setImmediate after the request that enqueued them. A failed attempt is tried
 * again after the definition's backoff, up to its retries. Scheduled system jobs run on timers here
 * (BullMQ's job schedulers do it with Redis). Unfinished rows are resumed at start; closing finishes the
 * running job and leaves the others queued in their rows for the next start.
 */
export function createInlineQueue(
  ctx: JobContext,
  systemJobs: readonly SystemJobDefinition[] = systemJobDefinitions(),
): JobQueue {
  const accepted = new Set<string>(); // row ids queued, waiting for a retry or running
  const systemPending = new Set<string>(); // system job names queued or running: a tick never piles up
  const timers = new Set<NodeJS.Timeout>();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const push = (work: () => Promise<void>) => {
    chain = chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
  };
  const after = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  const runRow = async (id: string, name: string, attempt: number) => {
    // Closing (SIGTERM): a job not started stays "queued" in its row and is resumed at the next start.
    if (closed) return void accepted.delete(id);
    const def = userJobDefinition(name);
    const final = attempt > (def?.retries ?? 0);
    try {
      await runJob(ctx, id, { attempt, final });
      accepted.delete(id);
    } catch (err) {
      // The row is back to "queued": retried after the backoff, or at the next start if we close first.
      if (final || closed) {
        if (final) logger.error({ err, jobId: id }, 'inline job crashed');
        accepted.delete(id);
      } else after(backoffDelay(def, attempt), () => push(() => runRow(id, name, attempt + 1)));
    }
  };

  const runSystem = async (def: SystemJobDefinition, attempt: number) => {
    if (closed) return void systemPending.delete(def.name);
    try {
      await runSystemJob(ctx, def, {}, { attempt, final: attempt > def.retries });
      systemPending.delete(def.name);
    } catch {
      if (closed) systemPending.delete(def.name);
      else after(backoffDelay(def, attempt), () => push(() => runSystem(def, attempt + 1)));
    }
  };
  const trigger = (def: SystemJobDefinition) => {
    if (closed || systemPending.has(def.name)) return;
    systemPending.add(def.name);
    push(() => runSystem(def, 1));
  };

  const queue: JobQueue = {
    mode: 'inline',
    async enqueue({ id, name, requestId = currentRequestId() }) {
      if (closed) throw new Error('job queue closed');
      if (accepted.has(id)) return;
      accepted.add(id);
      // The job's logs carry the id of the request that queued it.
      push(() => withRequestId(requestId, () => runRow(id, name, 1)));
    },
    async check() {
      if (closed) throw new Error('job queue closed');
    },
    async workers() {
      return { mode: 'inline' };
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await resumed;
      await chain;
    },
  };

  // The row is the only durable copy: jobs a previous run of this process accepted but did not
  // finish (stopped or crashed) are picked up again; handlers are idempotent. Every municipality's:
  // this process's queue is the installation's. A row still 'running' was running when the process died
  // (a graceful stop finishes its job): once it used all its attempts it is failed, not run again, so a
  // job that kills the process cannot make it die at every start.
  const resumed = read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ id: jobs.id, name: jobs.name, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']))
      .orderBy(asc(jobs.createdAt)),
  )
    .then(async (rows) => {
      if (rows.length) logger.info({ count: rows.length }, 'resuming unfinished jobs');
      for (const r of rows) {
        if (closed) break;
        const spent = r.status === 'running' && r.attempts > (userJobDefinition(r.name)?.retries ?? 0);
        if (spent) await failAbandonedJob(ctx, r.id);
        else void queue.enqueue({ id: r.id, name: r.name as JobName });
      }
    })
    .catch((err: unknown) => logger.error({ err }, 'could not resume unfinished jobs'));

  for (const def of systemJobs) {
    const schedule = scheduleOf(def, ctx.config);
    if (schedule) startSchedule(def, schedule);
  }

  /** `every`: now, then every so often (like BullMQ's `every`); `cron`: at each next time of the pattern. */
  function startSchedule(def: SystemJobDefinition, schedule: Schedule) {
    if (schedule.every) {
      const tick = () => {
        trigger(def);
        after(schedule.every, tick);
      };
      tick();
      return;
    }
    const next = async () => {
      const { getNextMillis } = await import('bullmq');
      const at = getNextMillis(Date.now(), { pattern: schedule.cron, tz: TIME_ZONE });
      if (at == null) return;
      after(Math.max(0, at - Date.now()), () => {
        trigger(def);
        next().catch((err: unknown) => logger.error({ err, name: def.name }, 'job schedule refused'));
      });
    };
    next().catch((err: unknown) => logger.error({ err, name: def.name }, 'job schedule refused'));
  }

  return queue;
}
