import { create } from 'zustand';
import { getSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { fetchSyncPage, reportSync } from './api';
import { SyncCancelled, runSync } from './engine';
import { PATRIMONIOS_UPDATED_EVENT, SYNC_MSG } from './messages';
import { OfflineStore, databaseName } from './store';

/** Spec §4 Sync states (a cancelled sync goes back to idle). */
export type SyncStatus = 'idle' | 'syncing' | 'success' | 'failure';

export interface SyncState {
  status: SyncStatus;
  loaded: number;
  total: number | null;
  /** Assets on the device and when they were fetched (spec §3 Sync state: lastSync). */
  count: number;
  lastSync: string | null;
  /** A sync of this account runs in another tab of this browser. */
  elsewhere: boolean;
}

export const useSyncState = create<SyncState>()(() => ({
  status: 'idle',
  loaded: 0,
  total: null,
  count: 0,
  lastSync: null,
  elsewhere: false,
}));

const stores = new Map<string, Promise<OfflineStore>>();
let running: AbortController | null = null;

/** The database of the signed-in user's municipality, or null (no municipality, or no IndexedDB here). */
export function currentDatabase(): string | null {
  const user = getSession().user;
  return user?.municipalityId ? databaseName(user.id, user.municipalityId) : null;
}

/** The signed-in user's offline store (opened once per tab), or null when there is none. */
export async function currentStore(): Promise<OfflineStore | null> {
  const name = currentDatabase();
  if (!name || typeof indexedDB === 'undefined') return null;
  if (!stores.has(name)) stores.set(name, OfflineStore.open(name));
  try {
    return await stores.get(name)!;
  } catch {
    stores.delete(name);
    return null;
  }
}

const lockName = (db: string) => `${db}-lock`;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tombo-sync');
type TabMessage = { db: string; type: 'started' | 'finished' };

/** Reads count and last sync of the current account into the state (and whether another tab syncs now). */
export async function loadSyncInfo(): Promise<void> {
  const name = currentDatabase();
  const store = await currentStore();
  const held = name && navigator.locks ? await navigator.locks.query() : null;
  const elsewhere =
    !!held?.held?.some((l) => l.name === lockName(name!)) && useSyncState.getState().status !== 'syncing';
  const lastSync = store ? await store.lastSync() : null;
  useSyncState.setState({
    count: store ? await store.count() : 0,
    lastSync: lastSync?.toISOString() ?? null,
    elsewhere,
  });
}

channel?.addEventListener('message', (e: MessageEvent<TabMessage>) => {
  if (e.data.db !== currentDatabase()) return;
  if (e.data.type === 'started') useSyncState.setState({ elsewhere: true });
  else {
    useSyncState.setState({ elsewhere: false });
    void loadSyncInfo();
  }
});

/** Runs `fn` holding the account's sync lock; false (fn not run) when another tab holds it. */
async function withLock(db: string, fn: () => Promise<void>): Promise<boolean> {
  if (!navigator.locks) {
    await fn();
    return true;
  }
  return navigator.locks.request(lockName(db), { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await fn();
    return true;
  });
}

/**
 * Starts a sync (spec §4): one at a time in this tab and, through the Web Locks API, across tabs.
 * Toasts and audit entries for start, success, failure and cancel; on success the local list is
 * replaced and 'patrimonios-updated' is raised.
 */
export async function startSync(): Promise<void> {
  const st = useSyncState.getState();
  if (st.status === 'syncing' || st.elsewhere) {
    toast.info(SYNC_MSG.busy);
    return;
  }
  const db = currentDatabase();
  const store = await currentStore();
  if (!db || !store) {
    toast.error(SYNC_MSG.unavailable, SYNC_MSG.failTitle);
    return;
  }
  const abort = new AbortController();
  running = abort;
  const ran = await withLock(db, async () => {
    useSyncState.setState({ status: 'syncing', loaded: 0, total: null });
    channel?.postMessage({ db, type: 'started' } satisfies TabMessage);
    toast.info(SYNC_MSG.start, SYNC_MSG.startTitle);
    reportSync('SYNC_START');
    try {
      const n = await runSync(store, fetchSyncPage, abort.signal, (p) => useSyncState.setState(p));
      const lastSync = (await store.lastSync())?.toISOString() ?? null;
      useSyncState.setState({ status: 'success', count: n, lastSync });
      toast.success(SYNC_MSG.success(n), SYNC_MSG.successTitle);
      reportSync('SYNC_SUCCESS', SYNC_MSG.success(n));
      window.dispatchEvent(new CustomEvent(PATRIMONIOS_UPDATED_EVENT, { detail: { count: n, lastSync } }));
    } catch (err) {
      if (err instanceof SyncCancelled) {
        useSyncState.setState({ status: 'idle' });
        toast.info(SYNC_MSG.cancel);
        reportSync('SYNC_CANCEL');
      } else {
        useSyncState.setState({ status: 'failure' });
        toast.error(SYNC_MSG.fail, SYNC_MSG.failTitle);
        reportSync('SYNC_FAIL', err instanceof Error ? err.message : null);
      }
    }
  });
  // Told only now that the lock is released: the other tabs read the lock state when they hear it.
  if (ran) channel?.postMessage({ db, type: 'finished' } satisfies TabMessage);
  if (running === abort) running = null;
  if (!ran) {
    useSyncState.setState({ elsewhere: true });
    toast.info(SYNC_MSG.busy);
  }
}

/** Cancels the running sync of this tab (spec §4: the user can cancel). */
export function cancelSync(): void {
  running?.abort();
}
