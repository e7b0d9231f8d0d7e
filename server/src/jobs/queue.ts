import type { JobName } from '@tombo/shared';

/**
 * Queue facade (DESIGN §6): BullMQ when REDIS_URL is set, inline (same definitions and runner,
 * in-process) otherwise. The API first writes the `jobs` row, then enqueues its id. Scheduled system
 * jobs are set up when the queue is created (BullMQ job schedulers, or the inline runner's timers).
 */
export interface JobQueue {
  readonly mode: 'inline' | 'bullmq';
  /**
   * Hands a user job (already written as a `jobs` row) to the runner; the same id twice is run once.
   * `requestId`: the request that queued it (default: the running job's, for a job queued by a job); the
   * job's log lines carry it.
   */
  enqueue(job: { id: string; name: JobName; requestId?: string }): Promise<void>;
  /** Inline: stops the schedules and waits for the jobs already accepted; BullMQ: closes the producer. */
  close(): Promise<void>;
  /** Readiness: resolves when jobs can be queued now (BullMQ: Redis answers), rejects otherwise. */
  check(): Promise<void>;
  /** Who runs the jobs: this process (inline), or the BullMQ workers connected to Redis now. */
  workers(): Promise<WorkerPresence>;
}

/** Inline: this process runs the jobs. BullMQ: the workers connected now and when one was last seen. */
export type WorkerPresence =
  { mode: 'inline' } | { mode: 'bullmq'; count: number; lastSeenAt: Date | null; since: Date };
