import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A reading as the counter made it, kept in the browser until the server has answered for it. */
export interface QueuedLeitura {
  /** Client uuid: the server applies each id once, so a resend never double-counts. */
  id: string;
  inventarioId: number;
  /** Who read it: a shared phone never sends one user's readings under another's session. */
  userId: number;
  numero: string;
  localId?: number;
  estado?: string;
  nota?: string;
  /** ISO instant of the reading (not of the sending). */
  lidoEm: string;
  /** Set when the server refused this reading by itself (a 400 for one reading): kept, shown, never resent. */
  rejeitada?: string;
}

interface QueueDB extends DBSchema {
  leituras: {
    key: string;
    value: QueuedLeitura;
    indexes: { byInventarioUser: [number, number, string] };
  };
}

/** Its own database: the offline asset store of /ferramentas/sync-client lives elsewhere and is cleared apart. */
export const QUEUE_DB = 'tombo-inventario-leituras';

let dbPromise: Promise<IDBPDatabase<QueueDB>> | null = null;

function db(): Promise<IDBPDatabase<QueueDB>> {
  dbPromise ??= openDB<QueueDB>(QUEUE_DB, 1, {
    upgrade(d) {
      const store = d.createObjectStore('leituras', { keyPath: 'id' });
      store.createIndex('byInventarioUser', ['inventarioId', 'userId', 'lidoEm']);
    },
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

const rangeOf = (inventarioId: number, userId: number) =>
  IDBKeyRange.bound([inventarioId, userId, ''], [inventarioId, userId, '\uffff']);

/** Stores readings (one transaction: all or none). */
export async function enqueue(leituras: QueuedLeitura[]): Promise<void> {
  const tx = (await db()).transaction('leituras', 'readwrite');
  await Promise.all([...leituras.map((l) => tx.store.put(l)), tx.done]);
}

/** This user's readings of an inventory, oldest first (rejected ones included). */
export async function queued(inventarioId: number, userId: number): Promise<QueuedLeitura[]> {
  return (await db()).getAllFromIndex('leituras', 'byInventarioUser', rangeOf(inventarioId, userId));
}

/** Removes readings the server answered for. */
export async function remove(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const tx = (await db()).transaction('leituras', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Marks readings the server refused one by one (they stay visible until the counter discards them). */
export async function markRejected(rejected: Array<{ id: string; message: string }>): Promise<void> {
  const tx = (await db()).transaction('leituras', 'readwrite');
  for (const r of rejected) {
    const row = await tx.store.get(r.id);
    if (row) await tx.store.put({ ...row, rejeitada: r.message });
  }
  await tx.done;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeQueue(): Promise<void> {
  if (!dbPromise) return;
  const d = await dbPromise;
  d.close();
  dbPromise = null;
}
