import { useSearchParams } from 'react-router';
import { IMOVEL_SORT_KEYS, type ImovelSortKey } from '@tombo/shared';
import { PAGE_SIZES } from '../../patrimonios';
import type { ListParams } from '../api';

/** The list's state (search, filters, sort, page, hidden columns) lives in the URL, so a link restores it. */

/** Filters kept in the URL, by the names the API takes. */
export const FILTER_KEYS = ['situacao', 'utilizacao', 'sectorId', 'bairro'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface ListState {
  page: number;
  pageSize: number;
  q: string;
  sort: ImovelSortKey;
  order: 'asc' | 'desc';
  filters: Partial<Record<FilterKey, string>>;
  /** Hidden columns (field names). */
  hidden: string[];
}

const isSort = (s: string | null): s is ImovelSortKey => !!s && (IMOVEL_SORT_KEYS as readonly string[]).includes(s);

function readListState(sp: URLSearchParams, defaultHidden: string[]): ListState {
  const size = Number.parseInt(sp.get('pageSize') ?? '25', 10);
  const filters: ListState['filters'] = {};
  for (const k of FILTER_KEYS) {
    const v = sp.get(k);
    if (v) filters[k] = v;
  }
  const cols = sp.get('ocultas');
  const sort = sp.get('sort');
  return {
    page: Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    q: sp.get('q') ?? '',
    sort: isSort(sort) ? sort : 'createdAt',
    order: sp.get('order') === 'asc' ? 'asc' : 'desc',
    filters,
    hidden: cols == null ? defaultHidden : cols.split(',').filter(Boolean),
  };
}

function writeListState(s: ListState, defaultHidden: string[]): URLSearchParams {
  const sp = new URLSearchParams();
  if (s.q) sp.set('q', s.q);
  for (const k of FILTER_KEYS) if (s.filters[k]) sp.set(k, s.filters[k]!);
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
  return p;
}

export const activeFilterCount = (s: ListState) => FILTER_KEYS.filter((k) => !!s.filters[k]).length;

/** The list's state read from the URL and `update` to change it; any change but paging goes back to page 1. */
export function useListUrlState(defaultHidden: string[]) {
  const [sp, setSp] = useSearchParams();
  const state = readListState(sp, defaultHidden);
  const update = (patch: Partial<ListState>, resetPage = true) => {
    const next = { ...state, ...patch, ...(resetPage && patch.page === undefined ? { page: 1 } : {}) };
    setSp(writeListState(next, defaultHidden), { replace: true });
  };
  return { state, update };
}
