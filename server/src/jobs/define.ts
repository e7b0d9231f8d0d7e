import type { z } from 'zod';
import type { JobName } from '@tombo/shared';
import type { Config } from '../config';
import type { AppContext } from '../context';

/**
 * What a handler may use: the database, the config (DATA_DIR), the live-event publisher and the PDF
 * renderer of the process running it (the worker's Chromium pool, or the API's in inline mode).
 */
export type JobContext = Pick<AppContext, 'config' | 'database' | 'db' | 'publisher' | 'renderPdf'>;

/** When a system job runs on its own: every `every` ms, or at the times of a 5/6-field cron pattern. */
export type Schedule = { every: number; cron?: undefined } | { cron: string; every?: undefined };

/** Wait between attempts: `delay` ms, doubled after each failure when exponential. */
export interface Backoff {
  type: 'exponential' | 'fixed';
  delay: number;
}

/** The job as a user job's handler sees it: its row, its validated payload and its helpers. */
export interface RunningJob<P = unknown> {
  id: string;
  name: JobName;
  title: string;
  municipalityId: number | null;
  ownerId: number;
  payload: P;
  attempt: number;
  /** Reports progress 0–100; persisted and emitted on each 10 % step. */
  progress(percent: number): Promise<void>;
  /** A private scratch path for the result with that extension; the runner moves it into place. */
  tempPath(ext: string): string;
}

/** What a user job's handler produced: a file written at `tempPath`. */
export interface JobResult {
  tempPath: string;
  ext: string;
  fileName: string;
  mimeType: string;
}

/** The lazily imported module of a user job: `run`, and what to clean once the job is over. */
export interface UserJobModule<P> {
  run(ctx: JobContext, job: RunningJob<P>): Promise<JobResult>;
  /** Once the job completed or finally failed; gets the raw stored payload (it may be why it failed). */
  cleanup?(ctx: JobContext, payload: unknown): Promise<void>;
}

/** The lazily imported module of a system job. */
export interface SystemJobModule<P> {
  run(ctx: JobContext, payload: P): Promise<void>;
}

interface Common<N extends string, S extends z.ZodType> {
  name: N;
  /** Validated by the runner before the handler runs; a payload it refuses fails the job, never retried. */
  payload: S;
  /** Attempts after the first one (BullMQ and the inline runner alike). */
  retries: number;
  /** Default: exponential from 2 s. */
  backoff?: Backoff;
}

/**
 * A job a user asks for: a `jobs` row owned by them (progress, result file, Downloads page, live
 * `job.*` events to them only). Requested through `requestJob`/`createJob` + `enqueueJob`.
 */
export interface UserJobDefinition<N extends JobName = JobName, S extends z.ZodType = z.ZodType> extends Common<N, S> {
  owner: 'user';
  handler: () => Promise<UserJobModule<z.output<S>>>;
}

/**
 * System work (sweeps, reminders, closings, backups): no `jobs` row and no owner; the outcome goes
 * to the log. Runs on its `schedule` (a function of the config may return null: not scheduled).
 */
export interface SystemJobDefinition<N extends string = string, S extends z.ZodType = z.ZodType> extends Common<N, S> {
  owner: 'system';
  schedule?: Schedule | ((config: Config) => Schedule | null);
  handler: () => Promise<SystemJobModule<z.output<S>>>;
}

export type JobDefinition = UserJobDefinition | SystemJobDefinition;

/** A `.handler.ts` file's `run` for the payload type its definition exports: `export const run: UserJobHandler<P> = …`. */
export type UserJobHandler<P> = UserJobModule<P>['run'];
/** A system job's `run`. */
export type SystemJobHandler<P> = SystemJobModule<P>['run'];

/** Declares a job (see the two kinds above); checks its numbers once, at load. */
export function defineJob<N extends JobName, S extends z.ZodType>(
  def: UserJobDefinition<N, S>,
): UserJobDefinition<N, S>;
export function defineJob<N extends string, S extends z.ZodType>(
  def: SystemJobDefinition<N, S>,
): SystemJobDefinition<N, S>;
export function defineJob(def: JobDefinition): JobDefinition {
  if (!Number.isInteger(def.retries) || def.retries < 0) throw new Error(`job ${def.name}: retries must be ≥ 0`);
  if (def.backoff && !(def.backoff.delay >= 0)) throw new Error(`job ${def.name}: backoff delay must be ≥ 0`);
  return def;
}

/** The schedule of a system job for this config, checked; null when it is not scheduled. */
export function scheduleOf(def: JobDefinition, config: Config): Schedule | null {
  if (def.owner !== 'system' || !def.schedule) return null;
  const s = typeof def.schedule === 'function' ? def.schedule(config) : def.schedule;
  if (!s) return null;
  if ((s.every == null) === (s.cron == null)) throw new Error(`job ${def.name}: schedule needs every or cron`);
  if (s.every != null && !(Number.isInteger(s.every) && s.every > 0))
    throw new Error(`job ${def.name}: schedule.every must be a positive integer (ms)`);
  return s;
}

/** Default wait between attempts. */
export const DEFAULT_BACKOFF: Backoff = { type: 'exponential', delay: 2_000 };

/** How long to wait after `attempt` (1-based) failed, like BullMQ computes it. */
export function backoffDelay(def: Pick<JobDefinition, 'backoff'> | undefined, attempt: number): number {
  const b = def?.backoff ?? DEFAULT_BACKOFF;
  return b.type === 'fixed' ? b.delay : b.delay * 2 ** (attempt - 1);
}

/** A failure with a pt-BR reason the user may read. `retryable: false` stops further attempts. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly retryable = true,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'JobFailure';
  }
}

/** Thrown by `job.progress()` when the owner cancelled the job: the runner deletes its row. Never retried. */
export class JobCancelled extends Error {
  constructor() {
    super('cancelled by its owner');
    this.name = 'JobCancelled';
  }
}

/**
 * A failure once the job's work is already saved (e.g. its result was lost afterwards): the reason
 * stands alone, without the "nothing was written" prefix of import failures. Never retried.
 */
export class FailureAfterCommit extends JobFailure {
  constructor(message: string, cause?: unknown) {
    super(message, false, cause);
    this.name = 'FailureAfterCommit';
  }
}
