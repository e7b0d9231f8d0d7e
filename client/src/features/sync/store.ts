import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PatrimonioListItem } from '@tombo/shared';

/** What the device keeps of an asset for offline look-ups (the counting screen): enough to recognise it. */
export interface OfflineAsset {
  id: number;
  numero_patrimonio: string;
  descricao_bem: string;
  sectorId: number;
  setor_responsavel: string;
  localId: number | null;
  local_objeto: string | null;
  status: string;
  estado_conservacao: string | null;
  valor_aquisicao: string;
}

/** The store's bookkeeping: which of the two slots holds the current list, and when it was filled. */
interface Meta {
  active: Slot;
  lastSync: string;
  count: number;
}

type Slot = 'a' | 'b';
const SLOTS: Slot[] = ['a', 'b'];
const META_KEY = 'meta';

interface SyncDb extends DBSchema {
  a: { key: number; value: OfflineAsset; indexes: { numero: string } };
  b: { key: number; value: OfflineAsset; indexes: { numero: string } };
  meta: { key: string; value: Meta };
}

/** One database per user and municipality: two accounts on one device never see each other's assets. */
export const databaseName = (userId: number, municipalityId: number) => `tombo-sync-u${userId}-m${municipalityId}`;

/** Normalises a typed or scanned number the way the server stores it (upper case, no spaces around). */
export const normalizeNumero = (numero: string) => numero.trim().toUpperCase();

/** The slim copy of an API list item kept offline. */
export const toOfflineAsset = (p: PatrimonioListItem): OfflineAsset => ({
  id: p.id,
  numero_patrimonio: p.numero_patrimonio,
  descricao_bem: p.descricao_bem,
  sectorId: p.sectorId,
  setor_responsavel: p.setor_responsavel,
  localId: p.localId ?? null,
  local_objeto: p.local_objeto ?? null,
  status: p.status,
  estado_conservacao: p.estado_conservacao ?? null,
  valor_aquisicao: p.valor_aquisicao,
});

/** A sync being written: pages go to the inactive slot; `commit` flips it in, `discard` empties it. */
export interface SyncWriter {
  put(assets: OfflineAsset[]): Promise<void>;
  commit(at: Date): Promise<number>;
  discard(): Promise<void>;
}

/**
 * The device's copy of the municipality's assets (IndexedDB). A sync fills the slot not in use and
 * switches to it only when complete, so a cancelled or failed sync leaves the previous list intact.
 */
export class OfflineStore {
  private constructor(private readonly db: IDBPDatabase<SyncDb>) {}

  /** Opens (creating when new) the store of that user and municipality. */
  static async open(name: string): Promise<OfflineStore> {
    const db = await openDB<SyncDb>(name, 1, {
      upgrade(d) {
        for (const slot of SLOTS)
          d.createObjectStore(slot, { keyPath: 'id' }).createIndex('numero', 'numero_patrimonio');
        d.createObjectStore('meta');
      },
    });
    return new OfflineStore(db);
  }

  close(): void {
    this.db.close();
  }

  private meta(): Promise<Meta | undefined> {
    return this.db.get('meta', META_KEY);
  }

  /** The asset of that number in the current list, or null (never synced, or not in the list). */
  async lookup(numero: string): Promise<OfflineAsset | null> {
    const meta = await this.meta();
    if (!meta) return null;
    return (await this.db.getFromIndex(meta.active, 'numero', normalizeNumero(numero))) ?? null;
  }

  /** How many assets the current list holds (0 before the first sync). */
  async count(): Promise<number> {
    return (await this.meta())?.count ?? 0;
  }

  /** When the current list was filled, or null before the first sync. */
  async lastSync(): Promise<Date | null> {
    const meta = await this.meta();
    return meta ? new Date(meta.lastSync) : null;
  }

  /** Starts writing a new list into the inactive slot (emptied first). */
  async begin(): Promise<SyncWriter> {
    const meta = await this.meta();
    const target: Slot = meta?.active === 'a' ? 'b' : 'a';
    await this.db.clear(target);
    const db = this.db;
    return {
      async put(assets) {
        const tx = db.transaction(target, 'readwrite');
        await Promise.all([...assets.map((a) => tx.store.put(a)), tx.done]);
      },
      async commit(at) {
        const tx = db.transaction([target, 'meta'], 'readwrite');
        const count = await tx.objectStore(target).count();
        await tx.objectStore('meta').put({ active: target, lastSync: at.toISOString(), count }, META_KEY);
        await tx.done;
        // The old list is no longer read: free its space.
        await db.clear(target === 'a' ? 'b' : 'a');
        return count;
      },
      async discard() {
        await db.clear(target);
      },
    };
  }
}
