import type { AppContext } from '../../context';
import type { WorkerPresence } from '../../jobs/queue';

/** Each check's answer: 'ok', or why this node cannot serve now. */
export type CheckState = 'ok' | string;
export interface Readiness {
  ready: boolean;
  /** The node is stopping (SIGTERM): it finishes what it has and takes nothing new. */
  draining: boolean;
  checks: { database: CheckState; queue: CheckState; worker: CheckState };
}

/** With BullMQ, no worker connected for this long is reported (a restart takes seconds). */
export const WORKER_ABSENT_MS = 60_000;

/**
 * Whether a worker runs this node's jobs: inline, this process does; with BullMQ, a worker connected now or
 * seen within WORKER_ABSENT_MS ('ok'), else since when none was seen. Reported, never a reason to stop
 * serving: the API keeps taking requests and the jobs wait in the queue for a worker.
 */
export async function workerState(queue: AppContext['queue'], now = Date.now()): Promise<CheckState> {
  return stateOf(await queue.workers(), now);
}

function stateOf(w: WorkerPresence, now = Date.now()): CheckState {
  if (w.mode === 'inline' || w.count > 0) return 'ok';
  const last = (w.lastSeenAt ?? w.since).getTime();
  if (now - last < WORKER_ABSENT_MS) return 'ok';
  const seconds = Math.round((now - last) / 1000);
  return w.lastSeenAt
    ? `nenhum worker conectado há ${seconds} s: as tarefas aguardam na fila`
    : `nenhum worker conectado desde o início deste servidor (${seconds} s): as tarefas aguardam na fila`;
}

/** A check's longest wait (ms): a load balancer's probe must get an answer, not a hang. */
const CHECK_MS = 2_000;

async function within(work: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${CHECK_MS} ms`)), CHECK_MS);
  });
  try {
    await Promise.race([work(), late]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this node can serve now: the database answers, the queue can take jobs (BullMQ: Redis
 * answers), and it is not draining. Both checks run at once; none takes longer than CHECK_MS.
 */
export async function readiness(ctx: Pick<AppContext, 'database' | 'queue' | 'lifecycle'>): Promise<Readiness> {
  const [database, queue, worker] = await Promise.all([
    within(() => ctx.database.query('select 1')),
    within(() => ctx.queue.check()),
    // A missing worker is the check's answer, not a failure of the check (within says 'ok' or why not).
    within(async () => {
      const state = await workerState(ctx.queue);
      if (state !== 'ok') throw new Error(state);
    }),
  ]);
  const draining = ctx.lifecycle.draining;
  return { ready: !draining && database === 'ok' && queue === 'ok', draining, checks: { database, queue, worker } };
}

/** The workers as the superuser's system information shows them. */
export async function workerFacts(
  queue: AppContext['queue'],
): Promise<{ workers: number | null; workerLastSeenAt: string | null; worker: CheckState }> {
  const w = await queue.workers();
  return {
    workers: w.mode === 'inline' ? null : w.count,
    workerLastSeenAt: w.mode === 'inline' ? null : (w.lastSeenAt?.toISOString() ?? null),
    worker: stateOf(w),
  };
}
