import type { ErrorCode } from '@tombo/shared';
import { HttpError } from '../../../http/errors';
import {
  ThreadFailure,
  ThreadPool,
  ThreadTaskError,
  type ThreadFailureReason,
  type ThreadPoolOptions,
} from '../../../spreadsheet/threads';
import type { CheckInput, CheckResult } from './check';

/**
 * The import check runs off the event loop, in a small pool of worker threads, so other requests
 * are answered while a sheet is read; a thread that runs out of memory or time fails its check
 * with a pt-BR error, the process lives on.
 */

/**
 * Threads, queue, time and heap of the checking threads; env IMPORT_CHECK_THREADS (default 2) and
 * IMPORT_CHECK_HEAP_MB (default 512), read when the first check starts.
 */
export function importThreadOptions(): ThreadPoolOptions {
  return {
    size: Number(process.env.IMPORT_CHECK_THREADS) || 2,
    maxQueue: 8,
    timeoutMs: 5 * 60_000,
    idleMs: 60_000,
    resourceLimits: {
      maxOldGenerationSizeMb: Number(process.env.IMPORT_CHECK_HEAP_MB) || 512,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  };
}

/** The answer when a checking thread gives no result. */
export const IMPORT_THREAD_FAILURE: Record<ThreadFailureReason, { status: number; code: ErrorCode; message: string }> =
  {
    memory: {
      status: 413,
      code: 'TOO_LARGE',
      message: 'A planilha exige memória demais para ser verificada. Divida-a em arquivos menores e envie-os um a um.',
    },
    timeout: {
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'A verificação da planilha demorou demais e foi interrompida. Divida-a em arquivos menores.',
    },
    crash: {
      status: 500,
      code: 'INTERNAL',
      message: 'A verificação da planilha foi interrompida por um erro interno. Tente novamente em instantes.',
    },
    busy: {
      status: 503,
      code: 'RATE_LIMITED',
      message: 'Há muitas planilhas em verificação agora. Tente novamente em alguns instantes.',
    },
  };

let pool: ThreadPool<CheckInput, CheckResult> | null = null;

/** Reads and checks an upload in a worker thread; its failures come back as HttpErrors (pt-BR). */
export async function checkInThread(input: CheckInput): Promise<CheckResult> {
  pool ??= new ThreadPool(new URL('./check-thread.ts', import.meta.url), importThreadOptions());
  try {
    return await pool.run(input);
  } catch (err) {
    if (err instanceof ThreadTaskError && err.error.status && err.error.code)
      throw new HttpError(err.error.status, err.error.code as ErrorCode, err.error.message, err.error.fields);
    if (err instanceof ThreadTaskError)
      throw new Error(`import check failed in its thread: ${err.error.message}`, { cause: err.error.stack });
    if (err instanceof ThreadFailure) {
      const f = IMPORT_THREAD_FAILURE[err.reason];
      throw new HttpError(f.status, f.code, f.message, { file: f.message });
    }
    throw err;
  }
}

/** Stops the checking threads (tests; a process exits without it: idle threads do not hold it). */
export async function closeImportThreads(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
