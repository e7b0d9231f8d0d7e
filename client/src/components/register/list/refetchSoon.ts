import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A burst of live events ends this long after its last event… */
export const QUIET_MS = 250;
/** …and a steady stream still refetches this often. */
export const MAX_WAIT_MS = 1000;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  first: number;
}
const pending = new WeakMap<QueryClient, Map<string, Pending>>();

/**
 * Invalidates `key` (refetching what is on screen) once a burst of live events is over: QUIET_MS after the last
 * call, at most MAX_WAIT_MS after the first. A bulk edit of 500 assets sends 500 events: the rows are patched by
 * each, the pages are read again once, not 500 times (each refetch cancelling the one before).
 */
export function refetchSoon(qc: QueryClient, key: QueryKey) {
  const id = JSON.stringify(key);
  let map = pending.get(qc);
  if (!map) pending.set(qc, (map = new Map()));
  const now = Date.now();
  const was = map.get(id);
  if (was) clearTimeout(was.timer);
  const first = was?.first ?? now;
  const wait = Math.max(0, Math.min(QUIET_MS, first + MAX_WAIT_MS - now));
  const timer = setTimeout(() => {
    map.delete(id);
    void qc.invalidateQueries({ queryKey: key });
  }, wait);
  map.set(id, { timer, first });
}
