import type { AppContext } from '../context';
import { logger } from '../logger';
import type { JobQueue } from './queue';

type Base = Omit<AppContext, 'queue'>;

/**
 * Inline mode (no Redis): the same processors, in this process, one job at a time, started with
 * setImmediate after the request that enqueued them. One attempt (like Laravel's sync driver);
 * a failure marks the row failed with its pt-BR reason.
 */
export function createInlineQueue(ctx: Base): JobQueue {
  const accepted = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const run = async (id: string) => {
    try {
      const { runJob } = await import('@tombo/worker/jobs/run');
      await runJob(ctx, id, { attempt: 1, final: true });
    } catch (err) {
      logger.error({ err, jobId: id }, 'inline job crashed');
    } finally {
      accepted.delete(id);
    }
  };

  return {
    mode: 'inline',
    async enqueue({ id }) {
      if (closed) throw new Error('job queue closed');
      if (accepted.has(id)) return;
      accepted.add(id);
      chain = chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => run(id));
    },
    async close() {
      closed = true;
      await chain;
      const { closeRenderer } = await import('@tombo/worker/render/pool');
      await closeRenderer();
    },
  };
}
