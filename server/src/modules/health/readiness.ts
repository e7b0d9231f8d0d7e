import type { AppContext } from '../../context';

/** Each check's answer: 'ok', or why this node cannot serve now. */
export type CheckState = 'ok' | string;
export interface Readiness {
  ready: boolean;
  /** The node is stopping (SIGTERM): it finishes what it has and takes nothing new. */
  draining: boolean;
  checks: { database: CheckState; queue: CheckState };
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
  const [database, queue] = await Promise.all([
    within(() => ctx.database.query('select 1')),
    within(() => ctx.queue.check()),
  ]);
  const draining = ctx.lifecycle.draining;
  return { ready: !draining && database === 'ok' && queue === 'ok', draining, checks: { database, queue } };
}
