import type { QueryClient } from '@tanstack/react-query';
import type { InventarioDetail, InventarioList, InventarioListItem } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { inventarioKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the pages' chunks.

type Lists = Array<[readonly unknown[], InventarioList | undefined]>;
const cachedLists = (qc: QueryClient) => qc.getQueriesData<InventarioList>({ queryKey: inventarioKeys.lists }) as Lists;

/** Replaces an inventory where a cached page or its record shows it (an older version never wins). */
export function patchInventario(qc: QueryClient, item: InventarioListItem) {
  for (const [key, old] of cachedLists(qc)) {
    const i = old?.inventarios.findIndex((x) => x.id === item.id) ?? -1;
    if (!old || i === -1 || old.inventarios[i].version > item.version) continue;
    const inventarios = old.inventarios.slice();
    inventarios[i] = item;
    qc.setQueryData<InventarioList>(key, { ...old, inventarios });
  }
  qc.setQueryData<InventarioDetail>(inventarioKeys.detail(item.id), (old) =>
    old && old.version <= item.version ? { ...old, ...item } : old,
  );
}

/** Counts of a batch of readings, on every cached copy of the inventory. */
function patchProgress(qc: QueryClient, id: number, encontrados: number, totalItens: number) {
  for (const [key, old] of cachedLists(qc)) {
    const i = old?.inventarios.findIndex((x) => x.id === id) ?? -1;
    if (!old || i === -1) continue;
    const inventarios = old.inventarios.slice();
    inventarios[i] = { ...inventarios[i], encontrados, totalItens };
    qc.setQueryData<InventarioList>(key, { ...old, inventarios });
  }
  qc.setQueryData<InventarioDetail>(inventarioKeys.detail(id), (old) =>
    old ? { ...old, encontrados, totalItens } : old,
  );
}

/** Inventory events: lists and records patched, the rest refetched (a new one's place depends on the filters). */
export const live: LiveHandlers = {
  'inventario.created': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: inventarioKeys.lists }),
  'inventario.deleted': (e, { queryClient }) => {
    queryClient.removeQueries({ queryKey: inventarioKeys.detail(e.data.id) });
    void queryClient.invalidateQueries({ queryKey: inventarioKeys.lists });
  },
  'inventario.updated': (e, { queryClient }) => {
    patchInventario(queryClient, e.data);
    void queryClient.invalidateQueries({ queryKey: inventarioKeys.lists });
    void queryClient.invalidateQueries({ queryKey: inventarioKeys.resumo(e.data.id) });
  },
  'inventario.leituras': (e, { queryClient }) => {
    patchProgress(queryClient, e.data.inventarioId, e.data.encontrados, e.data.totalItens);
    void queryClient.invalidateQueries({ queryKey: inventarioKeys.resumo(e.data.inventarioId) });
  },
};
