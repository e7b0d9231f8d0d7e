import { useEffect, useRef } from 'react';
import { useJob } from '../downloads';

export interface JobEnd<T> {
  /** The job completed and its result file was read. */
  done(result: T): void;
  /** The job failed (its pt-BR reason, if any) or its result could not be read (`err`). */
  failed(reason: string | null, err?: unknown): void;
}

/**
 * Follows one job (live `job.*` events, a slow poll as safety net) to its end and reads its result
 * file once; the progress (0–100) meanwhile.
 */
export function useJobEnd<T>(jobId: string | null, fetchResult: (id: string) => Promise<T>, on: JobEnd<T>): number {
  const { data: job } = useJob(jobId);
  const handlers = useRef(on);
  handlers.current = on;
  const mine = job?.id === jobId ? job : undefined;
  const status = mine?.status;
  useEffect(() => {
    if (!jobId || (status !== 'completed' && status !== 'failed')) return;
    if (status === 'failed') {
      handlers.current.failed(mine?.error ?? null);
      return;
    }
    let live = true;
    fetchResult(jobId).then(
      (r) => live && handlers.current.done(r),
      (err: unknown) => live && handlers.current.failed(null, err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, status]);
  return mine ? Math.max(0, Math.min(100, mine.progress ?? 0)) : 0;
}
