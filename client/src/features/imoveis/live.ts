import type { QueryClient } from '@tanstack/react-query';
import type { Imovel, ImovelList, ImovelListItem } from '@tombo/shared';
import { refetchSoon } from '../../components/register';
import type { LiveHandlers } from '../../lib/feature';
import type { ListParams } from './api';
import { imovelKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the screens' chunks.

type Lists = Array<[readonly unknown[], ImovelList | undefined]>;
const cachedLists = (qc: QueryClient) => qc.getQueriesData<ImovelList>({ queryKey: imovelKeys.lists }) as Lists;

/** The newest-first first page with no search or filter: the one list where a new property's place is known. */
const isNewestFirstPage = (key: readonly unknown[]) => {
  const { page, pageSize, sort, order, ...rest } = (key[2] ?? {}) as ListParams;
  void pageSize;
  return page === '1' && sort === 'createdAt' && order === 'desc' && Object.keys(rest).length === 0;
};

/** Puts a row into the cached pages showing it (an older version never wins); a new one on top of the newest first page. */
export function upsertListItem(qc: QueryClient, item: ImovelListItem, isNew = false) {
  for (const [key, old] of cachedLists(qc)) {
    if (!old) continue;
    const i = old.imoveis.findIndex((p) => p.id === item.id);
    if (i !== -1) {
      if (old.imoveis[i].version > item.version) continue;
      const rows = old.imoveis.slice();
      rows[i] = { ...rows[i], ...item };
      qc.setQueryData<ImovelList>(key, { ...old, imoveis: rows });
    } else if (isNew && isNewestFirstPage(key)) {
      const rows = [item, ...old.imoveis].slice(0, old.pageSize || old.imoveis.length + 1);
      qc.setQueryData<ImovelList>(key, { ...old, imoveis: rows, total: old.total + 1 });
    }
  }
}

/** Takes a property out of every cached page that shows it. */
function dropFromLists(qc: QueryClient, id: number) {
  for (const [key, old] of cachedLists(qc)) {
    if (!old || !old.imoveis.some((p) => p.id === id)) continue;
    const imoveis = old.imoveis.filter((p) => p.id !== id);
    qc.setQueryData<ImovelList>(key, { ...old, imoveis, total: Math.max(0, old.total - 1) });
  }
}

/** Refetches the list pages on screen (order, filters and totals may have changed). */
export const refreshLists = (qc: QueryClient) => void qc.invalidateQueries({ queryKey: imovelKeys.lists });

/** The same after a live event: once per burst (a bulk edit sends one event per row). */
const refreshSoon = (qc: QueryClient) => refetchSoon(qc, imovelKeys.lists);

/** Puts a fresh whole record into its detail query and into every cached list page that shows it. */
export function patchImovel(qc: QueryClient, imovel: Imovel) {
  qc.setQueryData<Imovel>(imovelKeys.detail(imovel.id), (old) => (old && old.version > imovel.version ? old : imovel));
  upsertListItem(qc, imovel);
}

const isWatched = (qc: QueryClient, id: number) =>
  (qc
    .getQueryCache()
    .find({ queryKey: imovelKeys.detail(id), exact: true })
    ?.getObserversCount() ?? 0) > 0;

/** Events carry the list row: a record on screen is refetched (history, files), one that is not is dropped. */
function recordChanged(qc: QueryClient, item: ImovelListItem) {
  const key = imovelKeys.detail(item.id);
  qc.setQueryData<Imovel>(key, (old) => (old && item.version >= old.version ? { ...old, ...item } : old));
  if (isWatched(qc, item.id)) void qc.invalidateQueries({ queryKey: key, exact: true });
  else qc.removeQueries({ queryKey: key, exact: true });
}

/** Live updates of the property register: rows are patched at once, then the pages on screen refetched. */
export const live: LiveHandlers = {
  'imovel.created': (e, { queryClient }) => {
    upsertListItem(queryClient, e.data, true);
    refreshSoon(queryClient);
  },
  'imovel.updated': (e, { queryClient }) => {
    upsertListItem(queryClient, e.data);
    recordChanged(queryClient, e.data);
    refreshSoon(queryClient);
  },
  'imovel.deleted': (e, { queryClient }) => {
    dropFromLists(queryClient, e.data.id);
    if (!isWatched(queryClient, e.data.id))
      queryClient.removeQueries({ queryKey: imovelKeys.detail(e.data.id), exact: true });
    refreshSoon(queryClient);
  },
  'imovel.bulk_created': (_e, { queryClient }) => refreshSoon(queryClient),
  // New or changed custom fields change the form, the list's columns and the view.
  'imovel_field.changed': (_e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: imovelKeys.fields });
    refreshSoon(queryClient);
  },
};
