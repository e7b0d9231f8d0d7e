import type { JobName } from '@tombo/shared';

/**
 * Queue facade (DESIGN §6): BullMQ when REDIS_URL is set, inline (same processors, in-process) otherwise.
 * The API first writes the `jobs` row, then enqueues its id.
 */
export interface JobQueue {
  readonly mode: 'inline' | 'bullmq';
  /** Hands the job (already written as a `jobs` row) to the processors; the same id twice is run once. */
  enqueue(job: { id: string; name: JobName }): Promise<void>;
  /** Inline: waits for the jobs already accepted; BullMQ: closes the producer connection. */
  close(): Promise<void>;
}
