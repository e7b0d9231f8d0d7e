import { useSearchParams } from 'react-router';
import { PATRIMONIO_SORT_KEYS, type PatrimonioSortKey } from '@tombo/shared';
import type { ListParams } from '../api';

/** The list's state (search, filters, sort, page, hidden columns) lives in the URL, so a link restores it. */

/** Filters kept in the URL, by their query-string name (the same names the API takes). */
export const FILTER_KEYS = [
  'sectorId',
  'localId',
  'tipoId',
  'formaId',
  'status',
  'estado',
  'valorMin',
  'valorMax',
  'dataDe',
  'dataAte',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListState {
  page: number;
  pageSize: number;
  q: string;
  sort: PatrimonioSortKey;
  order: 'asc' | 'desc';
  filters: Partial<Record<FilterKey, string>>;
  /** Custom-field filters, by field key. */
  cf: Record<string, string>;
  /** Hidden columns (field names). */
  hidden: string[];
}

const isSort = (s: string | null): s is PatrimonioSortKey =>
  !!s && (PATRIMONIO_SORT_KEYS as readonly string[]).includes(s);

export function readListState(sp: URLSearchParams, defaultHidden: string[]): ListState {
  const page = Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1);
  const size = Number.parseInt(sp.get('pageSize') ?? '25', 10);
  const filters: ListState['filters'] = {};
  for (const k of FILTER_KEYS) {
    const v = sp.get(k);
    if (v) filters[k] = v;
  }
  const cf: Record<string, string> = {};
  for (const [k, v] of sp.entries()) if (k.startsWith('cf.') && v) cf[k.slice(3)] = v;
  const cols = sp.get('ocultas');
  return {
    page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    q: sp.get('q') ?? '',
    sort: isSort(sp.get('sort')) ? (sp.get('sort') as PatrimonioSortKey) : 'createdAt',
    order: sp.get('order') === 'asc' ? 'asc' : 'desc',
    filters,
    cf,
    hidden: cols == null ? defaultHidden : cols.split(',').filter(Boolean),
  };
}

export function writeListState(s: ListState, defaultHidden: string[]): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.q) sp.set('q', s.q);
  for (const k of FILTER_KEYS) if (s.filters[k]) sp.set(k, s.filters[k]!);
  for (const [k, v] of Object.entries(s.cf)) if (v) sp.set(`cf.${k}`, v);
  if (s.sort !== 'createdAt' || s.order !== 'desc') {
    sp.set('sort', s.sort);
    sp.set('order', s.order);
  }
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.pageSize !== 25) sp.set('pageSize', String(s.pageSize));
  const same = s.hidden.length === defaultHidden.length && s.hidden.every((h) => defaultHidden.includes(h));
  if (!same) sp.set('ocultas', s.hidden.join(','));
  return sp;
}

/** The API query of a list state. */
export function apiParams(s: ListState): ListParams {
  const p: ListParams = { page: String(s.page), pageSize: String(s.pageSize), sort: s.sort, order: s.order };
  if (s.q.trim()) p.q = s.q.trim();
  for (const k of FILTER_KEYS) if (s.filters[k]) p[k] = s.filters[k]!;
  for (const [k, v] of Object.entries(s.cf)) if (v) p[`cf.${k}`] = v;
  return p;
}

export const activeFilterCount = (s: ListState) =>
  FILTER_KEYS.filter((k) => !!s.filters[k]).length + Object.values(s.cf).filter(Boolean).length;

/**
 * The list's state read from the URL, and `update` to change it (replacing the history entry). Any change
 * but paging goes back to page 1 unless `resetPage` is false.
 */
export function useListUrlState(defaultHidden: string[]) {
  const [sp, setSp] = useSearchParams();
  const state = readListState(sp, defaultHidden);
  const update = (patch: Partial<ListState>, resetPage = true) => {
    const next = { ...state, ...patch, ...(resetPage && patch.page === undefined ? { page: 1 } : {}) };
    setSp(writeListState(next, defaultHidden), { replace: true });
  };
  return { state, update };
}
