import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { produce } from 'immer';

interface Versioned {
  id: number;
  version?: number;
}

/** Inserts or replaces by id; an older version than the cached one is ignored. */
export function upsert<T extends Versioned>(list: T[], item: T): T[] {
  return produce(list, (draft) => {
    const i = draft.findIndex((x) => x.id === item.id);
    if (i === -1) {
      draft.push(item as never);
      return;
    }
    const current = draft[i];
    if (current.version != null && item.version != null && item.version < current.version) return;
    draft[i] = item as never;
  });
}

/** The list without the item of that id. */
export function removeById<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((x) => x.id !== id);
}

/**
 * Reads of these queries that are in flight when an event arrives may have been answered before the change
 * (a first load has nothing for a patch to land on, and its answer replaces whatever was patched): they are
 * cancelled and read again, once the change is there.
 */
export function rereadInFlight(qc: QueryClient, queryKey?: QueryKey) {
  const inFlight = qc.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' });
  if (inFlight.length === 0) return;
  const predicate = (q: Query) => inFlight.includes(q);
  void qc.cancelQueries({ predicate }).then(() => qc.invalidateQueries({ predicate }));
}
