import type { z } from 'zod';
import type { JobName, jobPayloads } from '@tombo/shared';
import type { AppContext } from '@tombo/server/context';

/** What a processor may use: the database, the config (DATA_DIR) and the live-event publisher. */
export type JobContext = Pick<AppContext, 'config' | 'database' | 'db' | 'publisher'>;

export type PayloadOf<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;

/** The job as a processor sees it: its row, its validated payload and its helpers. */
export interface RunningJob<N extends JobName = JobName> {
  id: string;
  name: N;
  title: string;
  municipalityId: number | null;
  ownerId: number;
  payload: PayloadOf<N>;
  attempt: number;
  /** Reports progress 0–100; persisted and emitted on each 10 % step. */
  progress(percent: number): Promise<void>;
  /** A private scratch path for the result with that extension; the runner moves it into place. */
  tempPath(ext: string): string;
}

/** What a processor produced: a file written at `tempPath`. */
export interface JobResult {
  tempPath: string;
  ext: string;
  fileName: string;
  mimeType: string;
}

export type Processor<N extends JobName> = (ctx: JobContext, job: RunningJob<N>) => Promise<JobResult>;

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
