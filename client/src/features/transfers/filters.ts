import { useSearchParams } from 'react-router';
import type { TransferParams } from './api';

/** The list's and the report's filters, kept in the URL (shareable, and back/forward restore them). */
export const FILTER_KEYS = ['type', 'status', 'sectorId', 'dataDe', 'dataAte', 'numero'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Filters, page and page size from the URL, and the setters that write them back (page 1 on a new filter). */
export function useUrlFilters() {
  const [sp, setSp] = useSearchParams();
  const filters: Filters = {};
  for (const k of FILTER_KEYS) {
    const v = sp.get(k);
    if (v) filters[k] = v;
  }
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const size = Number(sp.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 25;
  const update = (fn: (next: URLSearchParams) => void) =>
    // From the live URL (the hook's `prev` is the search of the last render; two quick changes must both stay).
    setSp(() => {
      const next = new URLSearchParams(window.location.search);
      fn(next);
      return next;
    });
  return {
    filters,
    page,
    pageSize,
    /** The /bens/transferencias tab ('decididas', 'todas'; none = pending). */
    tab: sp.get('aba'),
    setFilters: (f: Filters) =>
      update((next) => {
        for (const k of FILTER_KEYS) {
          if (f[k]) next.set(k, f[k]!);
          else next.delete(k);
        }
        next.delete('page');
      }),
    setPage: (p: number) => update((next) => (p > 1 ? next.set('page', String(p)) : next.delete('page'))),
    setPageSize: (n: number) =>
      update((next) => {
        next.set('pageSize', String(n));
        next.delete('page');
      }),
    /** Another tab keeps the filters but the status, whose choices differ per tab. */
    setTab: (tab: string | null) =>
      update((next) => {
        if (tab) next.set('aba', tab);
        else next.delete('aba');
        next.delete('status');
        next.delete('page');
      }),
  };
}

/** Filters as the API's query (empty values left out). */
export const toParams = (f: Filters, extra: Record<string, string | number> = {}): TransferParams =>
  Object.fromEntries(
    [...Object.entries(f), ...Object.entries(extra).map(([k, v]) => [k, String(v)])].filter(([, v]) => !!v),
  ) as TransferParams;
