import type { QueryClient } from '@tanstack/react-query';
import { isPatrimonioRemoved, type Patrimonio, type PatrimonioList, type PatrimonioListItem } from '@tombo/shared';
import { refetchSoon } from '../../components/register';
import type { LiveHandlers } from '../../lib/feature';
import type { ListParams } from './api';
import { patrimonioKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the screens' chunks.

type Lists = Array<[readonly unknown[], PatrimonioList | undefined]>;
const cachedLists = (qc: QueryClient) => qc.getQueriesData<PatrimonioList>({ queryKey: patrimonioKeys.lists }) as Lists;

/** The newest-first first page with no search or filter: the one list where a new asset's place is known. */
const isNewestFirstPage = (key: readonly unknown[]) => {
  const p = (key[2] ?? {}) as ListParams;
  const { page, pageSize, sort, order, ...rest } = p;
  void pageSize;
  return page === '1' && sort === 'createdAt' && order === 'desc' && Object.keys(rest).length === 0;
};

/**
 * Puts a list row into the cached pages: replaces it where it is shown (an older version never wins)
 * and, when `isNew`, puts it on top of the unfiltered newest-first first page. Other pages learn of it
 * when they are refetched (the server decides what a filtered, sorted page holds).
 */
export function upsertListItem(qc: QueryClient, item: PatrimonioListItem, isNew = false) {
  for (const [key, old] of cachedLists(qc)) {
    if (!old) continue;
    const i = old.patrimonios.findIndex((p) => p.id === item.id);
    if (i !== -1) {
      if (old.patrimonios[i].version > item.version) continue;
      const rows = old.patrimonios.slice();
      rows[i] = { ...rows[i], ...item };
      qc.setQueryData<PatrimonioList>(key, { ...old, patrimonios: rows });
    } else if (isNew && isNewestFirstPage(key)) {
      const rows = [item, ...old.patrimonios].slice(0, old.pageSize || old.patrimonios.length + 1);
      qc.setQueryData<PatrimonioList>(key, { ...old, patrimonios: rows, total: old.total + 1 });
    }
  }
}

/** Takes an asset out of every cached page that shows it (deleted, or no longer visible to this user). */
export function dropFromLists(qc: QueryClient, id: number) {
  for (const [key, old] of cachedLists(qc)) {
    if (!old || !old.patrimonios.some((p) => p.id === id)) continue;
    const patrimonios = old.patrimonios.filter((p) => p.id !== id);
    qc.setQueryData<PatrimonioList>(key, { ...old, patrimonios, total: Math.max(0, old.total - 1) });
  }
}

/** Refetches the list pages on screen (order, filters and totals may have changed), once per burst of events. */
const refreshSoon = (qc: QueryClient) => refetchSoon(qc, patrimonioKeys.lists);

/** Puts a fresh whole record into its detail query and into every cached list page that shows it. */
export function patchAsset(qc: QueryClient, asset: Patrimonio) {
  qc.setQueryData<Patrimonio>(patrimonioKeys.detail(asset.id), (old) =>
    old && old.version > asset.version ? old : asset,
  );
  upsertListItem(qc, asset);
}

const isWatched = (qc: QueryClient, id: number) =>
  (qc
    .getQueryCache()
    .find({ queryKey: patrimonioKeys.detail(id), exact: true })
    ?.getObserversCount() ?? 0) > 0;

/**
 * Events carry the list row (no history, no files). A cached whole record gets the row's fields at once;
 * one on screen (view or edit page) is then refetched for its history and files, one that is not is
 * dropped so that it loads fresh when opened.
 */
function recordChanged(qc: QueryClient, item: PatrimonioListItem) {
  const key = patrimonioKeys.detail(item.id);
  qc.setQueryData<Patrimonio>(key, (old) => (old && item.version >= old.version ? { ...old, ...item } : old));
  if (isWatched(qc, item.id)) void qc.invalidateQueries({ queryKey: key, exact: true });
  else qc.removeQueries({ queryKey: key, exact: true });
}

/** A record that is gone (deleted, or out of sight): the page showing it says so; an unwatched copy is dropped. */
function recordGone(qc: QueryClient, id: number) {
  dropFromLists(qc, id);
  if (!isWatched(qc, id)) qc.removeQueries({ queryKey: patrimonioKeys.detail(id), exact: true });
  refreshSoon(qc);
}

/**
 * Live updates of the asset register (DESIGN §5): rows are patched at once, then the pages on screen refetched
 * once the burst is over (a bulk edit of 500 assets is 500 events).
 */
export const live: LiveHandlers = {
  'patrimonio.created': (e, { queryClient }) => {
    upsertListItem(queryClient, e.data, true);
    refreshSoon(queryClient);
  },
  'patrimonio.updated': (e, { queryClient }) => {
    if (isPatrimonioRemoved(e.data)) return recordGone(queryClient, e.data.id);
    upsertListItem(queryClient, e.data);
    recordChanged(queryClient, e.data);
    refreshSoon(queryClient);
  },
  'patrimonio.deleted': (e, { queryClient }) => recordGone(queryClient, e.data.id),
  'patrimonio.bulk_created': (_e, { queryClient }) => refreshSoon(queryClient),
  // New or changed custom fields change the list's columns and filters.
  'catalog.changed': (e, { queryClient }) => {
    if (e.data.catalog === 'asset-form-fields') refreshSoon(queryClient);
  },
};
