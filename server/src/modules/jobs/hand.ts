import type { JobContext } from '../../jobs/define';
import type { JobQueue } from '../../jobs/queue';
import type { JobName } from '@tombo/shared';
import type { JobRow } from './presenters';

/**
 * Hands job rows created outside a request (a scheduled sweep) to the runner: the process's queue when it has one
 * (the API), else a BullMQ producer (the worker), else (inline, no Redis) runs them here, one after the other.
 */
export async function handToRunner(ctx: JobContext & { queue?: JobQueue }, rows: JobRow[]): Promise<void> {
  if (!rows.length) return;
  if (ctx.queue) {
    for (const r of rows) await ctx.queue.enqueue({ id: r.id, name: r.name as JobName });
    return;
  }
  const redisUrl = ctx.config.redisUrl;
  if (redisUrl) {
    const { createBullQueue } = await import('./runtime/bullmq');
    const queue = await createBullQueue({ ...ctx.config, redisUrl }, { schedulers: false });
    try {
      for (const r of rows) await queue.enqueue({ id: r.id, name: r.name as JobName });
    } finally {
      await queue.close();
    }
    return;
  }
  const { runJob } = await import('./runtime/runner');
  for (const r of rows) await runJob(ctx, r.id, { attempt: 1, final: true });
}
