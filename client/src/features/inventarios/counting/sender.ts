import { ApiError } from '../../../lib/http';
import { enqueue, markRejected, queued, remove, type QueuedLeitura } from './queue';

/** The server takes at most 500 readings a request (413 above); smaller batches answer faster on a phone. */
export const BATCH_SIZE = 200;
const MAX_BACKOFF_MS = 30_000;

/** What the counting screen shows about its queue. */
export interface QueueState {
  /** Readings waiting to be sent (not yet answered by the server). */
  pending: number;
  /** Readings the server refused one by one (kept until discarded). */
  rejected: QueuedLeitura[];
  /** Why sending stopped for good on this screen (inventory finalized, removed, no permission). */
  blocked: string | null;
  sending: boolean;
}

/** A reading as POST /inventarios/:id/leituras takes it. */
export type WireLeitura = Pick<QueuedLeitura, 'id' | 'numero' | 'localId' | 'estado' | 'nota' | 'lidoEm'>;

export interface SenderDeps<R extends { id: string }> {
  inventarioId: number;
  userId: number;
  /** Sends one batch; resolves with one result per reading. */
  send: (leituras: WireLeitura[]) => Promise<R[]>;
  isOnline: () => boolean;
  onResults: (answered: Array<{ leitura: QueuedLeitura; resultado: R }>) => void;
  onState: (state: QueueState) => void;
}

const wire = (l: QueuedLeitura): WireLeitura => {
  const w: WireLeitura = { id: l.id, numero: l.numero, lidoEm: l.lidoEm };
  if (l.localId != null) w.localId = l.localId;
  if (l.estado) w.estado = l.estado;
  if (l.nota) w.nota = l.nota;
  return w;
};

/** Errors that no resend fixes: the batch (or one reading) is wrong, or the inventory is out of reach. */
const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.status >= 400 && err.status < 500;
const isBatchProblem = (err: ApiError) => err.status === 400 || err.status === 413 || err.status === 422;
const isTransient = (err: ApiError) => err.status === 401 || err.status === 408 || err.status === 429;

/**
 * The offline-first sender of one counter's readings on one inventory: readings are stored in IndexedDB first,
 * then sent in batches; a reading leaves the store only once the server answered for it. Offline or on a
 * network/server failure it waits (with backoff, and at once on the browser's `online` event).
 */
export function createSender<R extends { id: string }>(deps: SenderDeps<R>) {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let stopped = false;
  let blocked: string | null = null;
  let backoff = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function publish(sending: boolean) {
    if (stopped) return;
    const all = await queued(deps.inventarioId, deps.userId);
    const rejected = all.filter((l) => l.rejeitada);
    deps.onState({ pending: all.length - rejected.length, rejected, blocked, sending });
  }

  function retryLater() {
    if (timer || stopped) return;
    backoff = Math.min(MAX_BACKOFF_MS, backoff ? backoff * 2 : 2000);
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, backoff);
  }

  /** Sends a batch; a 400/413 splits it to find the readings refused by themselves. false = try again later. */
  async function sendBatch(batch: QueuedLeitura[]): Promise<boolean> {
    try {
      const resultados = await deps.send(batch.map(wire));
      const byId = new Map(resultados.map((r) => [r.id, r]));
      const answered = batch.filter((l) => byId.has(l.id));
      await remove(answered.map((l) => l.id));
      deps.onResults(answered.map((leitura) => ({ leitura, resultado: byId.get(leitura.id) as R })));
      return true;
    } catch (err) {
      if (!isRefusal(err) || isTransient(err)) return false;
      if (isBatchProblem(err)) {
        if (batch.length === 1) {
          await markRejected([{ id: batch[0].id, message: err.message }]);
          return true;
        }
        const half = Math.ceil(batch.length / 2);
        return (await sendBatch(batch.slice(0, half))) && (await sendBatch(batch.slice(half)));
      }
      blocked = err.message;
      return false;
    }
  }

  /** Sends everything waiting, one batch after another: one run at a time, calls meanwhile share one more run. */
  function flush(): Promise<void> {
    if (running) {
      next ??= running.then(() => {
        next = null;
        return flush();
      });
      return next;
    }
    running = sendAll().finally(() => {
      running = null;
      return publish(false);
    });
    return running;
  }

  async function sendAll(): Promise<void> {
    for (;;) {
      if (stopped || blocked || !deps.isOnline()) return;
      const todo = (await queued(deps.inventarioId, deps.userId)).filter((l) => !l.rejeitada);
      if (todo.length === 0) return;
      await publish(true);
      if (!(await sendBatch(todo.slice(0, BATCH_SIZE)))) {
        if (!blocked) retryLater();
        return;
      }
      backoff = 0;
    }
  }

  return {
    /** Stores new readings (they survive a reload or a closed tab), then tries to send them. */
    async add(leituras: Array<Omit<QueuedLeitura, 'inventarioId' | 'userId'>>): Promise<void> {
      await enqueue(leituras.map((l) => ({ ...l, inventarioId: deps.inventarioId, userId: deps.userId })));
      await publish(!!running);
      void flush();
    },
    flush,
    /** Forgets refused readings the counter chose to discard. */
    async discard(ids: string[]): Promise<void> {
      await remove(ids);
      await publish(!!running);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
