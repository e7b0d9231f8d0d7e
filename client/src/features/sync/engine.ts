import type { PatrimonioListItem } from '@tombo/shared';
import { toOfflineAsset, type OfflineStore } from './store';

/** One page of GET /api/patrimonios/sync (`total` comes with the first page). */
export interface SyncPage {
  patrimonios: PatrimonioListItem[];
  nextAfter: number | null;
  total?: number;
}

export type FetchSyncPage = (after: number, signal: AbortSignal) => Promise<SyncPage>;

export interface SyncProgress {
  loaded: number;
  /** Assets the server said it would send (null when it did not say). */
  total: number | null;
}

/** Thrown (and caught by the caller) when the user cancelled a running sync. */
export class SyncCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'SyncCancelled';
  }
}

/**
 * Fills a new list page by page (cursor `after`) and switches the store to it when the last page
 * arrived; a cancel or a failure discards what was written and keeps the previous list.
 * Resolves to the number of assets now on the device.
 */
export async function runSync(
  store: OfflineStore,
  fetchPage: FetchSyncPage,
  signal: AbortSignal,
  onProgress: (p: SyncProgress) => void,
  now: () => Date = () => new Date(),
): Promise<number> {
  const writer = await store.begin();
  try {
    let after = 0;
    let loaded = 0;
    let total: number | null = null;
    for (;;) {
      if (signal.aborted) throw new SyncCancelled();
      const page = await fetchPage(after, signal);
      if (signal.aborted) throw new SyncCancelled();
      total ??= page.total ?? null;
      await writer.put(page.patrimonios.map(toOfflineAsset));
      loaded += page.patrimonios.length;
      onProgress({ loaded, total: total === null ? null : Math.max(total, loaded) });
      if (page.nextAfter === null || page.patrimonios.length === 0) break;
      after = page.nextAfter;
    }
    if (signal.aborted) throw new SyncCancelled();
    return await writer.commit(now());
  } catch (err) {
    await writer.discard().catch(() => undefined);
    if (signal.aborted && !(err instanceof SyncCancelled)) throw new SyncCancelled();
    throw err;
  }
}
