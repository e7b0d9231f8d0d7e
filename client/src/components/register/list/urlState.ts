import { useSearchParams } from 'react-router';
import { formatInteger } from '@tombo/shared';
import type { ListParams } from './types';

export const PAGE_SIZES = [25, 50, 100] as const;
const RESERVED = new Set(['page', 'pageSize', 'q', 'sort', 'order']);
const tabOf = (sp: URLSearchParams, shape: UrlShape) => {
  const v = shape.tab && sp.get(shape.tab.key);
  return shape.tab ? (v && shape.tab.values.includes(v) ? v : shape.tab.values[0]) : '';
};

/** A register list's state; it lives in the URL, so a link opens exactly that page. */
export interface ListState {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  /** Filters by their URL and API name ('cf.<key>' for custom fields), canonical values (ISO dates, 1234.56). */
  filters: Record<string, string>;
  /** The tab shown, when the register has tabs ('' otherwise). */
  tab: string;
}

/** A register's tabs in the URL: the first value is the default (left out of the address). */
export interface TabShape {
  /** The URL name ('status', 'aba'); the area's query hook turns it into the API's. */
  key: string;
  values: readonly string[];
  /** Each tab's own default order (the next returns first while loans are open…). */
  sorts?: Record<string, readonly [string, 'asc' | 'desc']>;
  /** Filters a tab change empties (their choices differ per tab). */
  resets?: readonly string[];
}

/** What a register's URL may hold. */
export interface UrlShape {
  sorts: readonly string[];
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  filterKeys: readonly string[];
  /** Custom-field filters ('cf.<key>') are kept too. */
  customFilters?: boolean;
  tab?: TabShape;
}

/** The order a tab opens with. */
export function tabOrder(shape: UrlShape, tab: string): { sort: string; order: 'asc' | 'desc' } {
  const own = shape.tab?.sorts?.[tab];
  return own ? { sort: own[0], order: own[1] } : { sort: shape.defaultSort, order: shape.defaultOrder ?? 'desc' };
}

/** Reads the state; `notice` says (pt-BR) what in the URL was not understood and what is shown instead. */
export function readListState(sp: URLSearchParams, shape: UrlShape): { state: ListState; notice: string | null } {
  const rawPage = sp.get('page');
  const pageOk = rawPage == null || /^[1-9]\d{0,8}$/.test(rawPage);
  const size = Number(sp.get('pageSize') ?? '25');
  const sort = sp.get('sort');
  const filters: Record<string, string> = {};
  for (const [k, v] of sp.entries()) {
    if (!v || RESERVED.has(k) || k === shape.tab?.key) continue;
    if (shape.filterKeys.includes(k) || (shape.customFilters && k.startsWith('cf.'))) filters[k] = v;
  }
  const tab = tabOf(sp, shape);
  const byDefault = tabOrder(shape, tab);
  const state: ListState = {
    page: pageOk && rawPage ? Number(rawPage) : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    q: sp.get('q') ?? '',
    sort: sort && shape.sorts.includes(sort) ? sort : byDefault.sort,
    order: sp.get('order') === 'asc' ? 'asc' : sp.get('order') === 'desc' ? 'desc' : byDefault.order,
    filters,
    tab,
  };
  const notice = pageOk ? null : `O endereço pede a página “${rawPage}”, que não é válida: mostrando a página 1.`;
  return { state, notice };
}

/** The URL of a state (defaults left out, so a plain list has a plain address). */
export function writeListState(s: ListState, shape: UrlShape): URLSearchParams {
  const sp = new URLSearchParams();
  if (shape.tab && s.tab !== shape.tab.values[0]) sp.set(shape.tab.key, s.tab);
  if (s.q) sp.set('q', s.q);
  for (const [k, v] of Object.entries(s.filters)) if (v) sp.set(k, v);
  const byDefault = tabOrder(shape, s.tab);
  if (s.sort !== byDefault.sort || s.order !== byDefault.order) {
    sp.set('sort', s.sort);
    sp.set('order', s.order);
  }
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.pageSize !== 25) sp.set('pageSize', String(s.pageSize));
  return sp;
}

/** The API query of a state: the page, its size, the order, the search, the filters and the tab (by its URL name). */
export function apiParams(s: ListState, shape?: UrlShape): ListParams {
  const p: ListParams = { page: String(s.page), pageSize: String(s.pageSize), sort: s.sort, order: s.order };
  if (shape?.tab) p[shape.tab.key] = s.tab;
  if (s.q.trim()) p.q = s.q.trim();
  for (const [k, v] of Object.entries(s.filters)) if (v) p[k] = v;
  return p;
}

/** The query without paging (search, filters, order and tab): what an export or a bulk edit acts on. */
export function filterParams(params: ListParams): ListParams {
  return Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'page' && k !== 'pageSize'));
}

export const activeFilterCount = (s: ListState) => Object.values(s.filters).filter(Boolean).length;

/** The last page of a total ('1' for an empty list). */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The notice of a page past the end. */
export const pastEndNotice = (page: number, last: number) =>
  `A página ${formatInteger(page)} não existe: mostrando a última, ${formatInteger(last)}.`;

/**
 * The list's state read from the URL and `update` to change it (the history entry is replaced). Any change but
 * paging goes back to page 1 unless `resetPage` is false.
 */
export function useListUrlState(shape: UrlShape) {
  const [sp, setSp] = useSearchParams();
  const { state, notice } = readListState(sp, shape);
  const update = (patch: Partial<ListState>, resetPage = true) => {
    const next = { ...state, ...patch, ...(resetPage && patch.page === undefined ? { page: 1 } : {}) };
    setSp(writeListState(next, shape), { replace: true });
  };
  /** Another tab: its own default order, page 1, and the filters whose choices differ per tab emptied. */
  const setTab = (tab: string) => {
    const filters = { ...state.filters };
    for (const k of shape.tab?.resets ?? []) delete filters[k];
    update({ tab, filters, ...tabOrder(shape, tab) });
  };
  return { state, notice, update, setTab };
}
