import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';
import { logger } from '../logger';

/**
 * A small pool of worker threads for CPU-heavy work that must not hold the event loop (reading and
 * checking an uploaded spreadsheet). One task per thread at a time; each thread has V8 resource
 * limits, so a hostile input kills its thread and fails its task, never the process. Threads start
 * on demand, load TypeScript through tsx (the server has no build step), and stop when idle.
 */

export interface ThreadPoolOptions {
  /** Threads at most (tasks beyond wait in the queue). */
  size: number;
  /** Waiting tasks at most; one more fails at once with reason 'busy'. */
  maxQueue: number;
  /** A task running longer has its thread terminated ('timeout'). */
  timeoutMs: number;
  /** An idle thread is stopped after this long. */
  idleMs: number;
  resourceLimits: ResourceLimits;
}

export type ThreadFailureReason = 'memory' | 'timeout' | 'crash' | 'busy';

/** The thread died (out of memory, crashed, timed out) or the pool was full: the task has no result. */
export class ThreadFailure extends Error {
  constructor(
    readonly reason: ThreadFailureReason,
    cause?: unknown,
  ) {
    super(`thread task failed: ${reason}`, { cause });
    this.name = 'ThreadFailure';
  }
}

/** What crosses back for an error thrown by the task itself (the thread lives on). */
export interface ThreadError {
  name: string;
  message: string;
  status?: number;
  code?: string;
  kind?: string;
  fields?: Record<string, string>;
  stack?: string;
}

/** An error the task threw in its thread, with the fields of the original (status, code, kind…). */
export class ThreadTaskError extends Error {
  constructor(readonly error: ThreadError) {
    super(error.message);
    this.name = 'ThreadTaskError';
  }
}

type Reply = { ready: true } | { ok: true; result: unknown } | { ok: false; error: ThreadError };

/** Thread side: answers each task message with the handler's result or its error. */
export function serveTasks<I, O>(handler: (input: I) => Promise<O>): void {
  if (!parentPort) throw new Error('serveTasks must run in a worker thread');
  const port = parentPort;
  port.on('message', (input: I) => {
    handler(input).then(
      (result) => port.postMessage({ ok: true, result } satisfies Reply),
      (err: unknown) => {
        const e = (err ?? {}) as Partial<ThreadError>;
        const error: ThreadError = { name: e.name ?? 'Error', message: String(e.message ?? err), stack: e.stack };
        for (const k of ['status', 'code', 'kind', 'fields'] as const)
          if (e[k] !== undefined) Object.assign(error, { [k]: e[k] });
        port.postMessage({ ok: false, error } satisfies Reply);
      },
    );
  });
  port.postMessage({ ready: true } satisfies Reply);
}

// Runs in the new thread (CommonJS eval): registers tsx's ESM hooks for a .ts entry, then loads the entry.
const BOOT = `const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((api) => api.register()) : Promise.resolve()).then(
  () => import(workerData.entry),
);`;

/** File URL of tsx's ESM API (`tsx/esm/api`, import condition), resolved from this file, not from the cwd. */
function tsxApi(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
}

interface Task {
  input: unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
interface Slot {
  worker: Worker;
  /** Its entry is loaded: a task's time counts from here, not from the thread's start. */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/** A pool running `entry` (a module calling `serveTasks`) in worker threads. */
export class ThreadPool<I, O> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private readonly workerData: { entry: string; tsx: string | null };
  private closed = false;

  constructor(
    entry: URL,
    private readonly opts: ThreadPoolOptions,
  ) {
    const tsx = entry.pathname.endsWith('.ts') ? tsxApi() : null;
    this.workerData = { entry: entry.href, tsx };
  }

  /** Runs one task; rejects with ThreadTaskError (the task threw) or ThreadFailure (no result). */
  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.closed) return reject(new ThreadFailure('crash', new Error('pool closed')));
      const task: Task = { input, resolve: resolve as (v: unknown) => void, reject };
      const idle = [...this.slots].find((s) => !s.task);
      if (idle) this.dispatch(idle, task);
      else if (this.slots.size < this.opts.size) this.dispatch(this.spawn(), task);
      else if (this.queue.length < this.opts.maxQueue) this.queue.push(task);
      else reject(new ThreadFailure('busy'));
    });
  }

  /** Stops every thread; running and queued tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new ThreadFailure('crash', new Error('pool closed')));
    await Promise.all([...this.slots].map((s) => this.drop(s, new ThreadFailure('crash', new Error('pool closed')))));
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: this.workerData,
      resourceLimits: this.opts.resourceLimits,
    });
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    this.slots.add(slot);
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        slot.ready = true;
        if (slot.task) this.startClock(slot);
        return;
      }
      const task = slot.task;
      if (!task) return;
      this.release(slot);
      if (reply.ok) task.resolve(reply.result);
      else task.reject(new ThreadTaskError(reply.error));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const reason = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      logger.warn({ err, reason }, 'spreadsheet thread died');
      void this.drop(slot, new ThreadFailure(reason, err));
    });
    worker.on('exit', () => void this.drop(slot, new ThreadFailure('crash', new Error('thread exited'))));
    return slot;
  }

  private dispatch(slot: Slot, task: Task): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = task;
    slot.worker.ref();
    if (slot.ready) this.startClock(slot);
    slot.worker.postMessage(task.input);
  }

  private startClock(slot: Slot): void {
    slot.timer = setTimeout(() => void this.drop(slot, new ThreadFailure('timeout')), this.opts.timeoutMs);
  }

  /** The slot's task is over: next queued task, or idle (unref'd, stopped after idleMs). */
  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    const next = this.queue.shift();
    if (next) return this.dispatch(slot, next);
    slot.worker.unref();
    slot.timer = setTimeout(() => void this.drop(slot, null), this.opts.idleMs);
    slot.timer.unref();
  }

  /** Removes a slot (its task, if any, fails with `failure`) and gives a queued task a new thread. */
  private async drop(slot: Slot, failure: ThreadFailure | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    if (task) task.reject(failure ?? new ThreadFailure('crash'));
    const next = this.closed ? undefined : this.queue.shift();
    if (next) this.dispatch(this.spawn(), next);
    await slot.worker.terminate().catch(() => undefined);
  }
}
