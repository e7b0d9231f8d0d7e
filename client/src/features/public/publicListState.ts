import { PATRIMONIO_STATUSES, publicPatrimonioQuery, type PatrimonioStatus } from '@tombo/shared';
import { PAGE_SIZES } from '../patrimonios';
import type { PublicListParams } from './keys';

/** Columns the public list sorts by (the API's `sort` values; relevance is the server's default with a search). */
export const PUBLIC_SORT_KEYS = publicPatrimonioQuery.shape.sort
  .unwrap()
  .options.filter((k): k is Exclude<typeof k, 'relevancia'> => k !== 'relevancia');
export type PublicSortKey = (typeof PUBLIC_SORT_KEYS)[number];
export const PUBLIC_FILTER_KEYS = ['sectorId', 'tipoId', 'status'] as const;
export type PublicFilterKey = (typeof PUBLIC_FILTER_KEYS)[number];

/** What the public list shows; all of it lives in the URL so that a search can be shared. */
export interface PublicListState {
  q: string;
  filters: Partial<Record<PublicFilterKey, string>>;
  sort: PublicSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const DEFAULT_SORT: PublicSortKey = 'numero_patrimonio';
const isSort = (s: string | null): s is PublicSortKey => !!s && (PUBLIC_SORT_KEYS as readonly string[]).includes(s);
const isId = (s: string | null) => !!s && /^[1-9]\d{0,9}$/.test(s);

export function readPublicState(sp: URLSearchParams): PublicListState {
  const size = Number.parseInt(sp.get('pageSize') ?? '25', 10);
  const status = sp.get('status');
  const filters: PublicListState['filters'] = {};
  if (isId(sp.get('sectorId'))) filters.sectorId = sp.get('sectorId')!;
  if (isId(sp.get('tipoId'))) filters.tipoId = sp.get('tipoId')!;
  if (status && PATRIMONIO_STATUSES.includes(status as PatrimonioStatus)) filters.status = status;
  const sort = sp.get('sort');
  return {
    q: sp.get('q') ?? '',
    filters,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    order: sp.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
  };
}

/** The URL of a state; `municipio` (the slug chosen in the select) first, defaults left out. */
export function writePublicState(s: PublicListState, municipio?: string): URLSearchParams {
  const sp = new URLSearchParams();
  if (municipio) sp.set('municipio', municipio);
  if (s.q.trim()) sp.set('q', s.q.trim());
  for (const k of PUBLIC_FILTER_KEYS) if (s.filters[k]) sp.set(k, s.filters[k]!);
  if (s.sort !== DEFAULT_SORT || s.order !== 'asc') {
    sp.set('sort', s.sort);
    sp.set('order', s.order);
  }
  if (s.page > 1) sp.set('page', String(s.page));
  if (s.pageSize !== 25) sp.set('pageSize', String(s.pageSize));
  return sp;
}

/** The API query of a state for one municipality (by slug; none: the installation's only open one, or a 400 to choose). */
export function publicApiParams(s: PublicListState, municipio: string): PublicListParams {
  const p: PublicListParams = {
    ...(municipio ? { municipio } : {}),
    page: String(s.page),
    pageSize: String(s.pageSize),
    sort: s.sort,
    order: s.order,
  };
  if (s.q.trim()) p.q = s.q.trim();
  // A search without a chosen order is ranked by relevance (the server's default when `sort` is absent).
  if (p.q && s.sort === DEFAULT_SORT && s.order === 'asc') {
    delete p.sort;
    delete p.order;
  }
  for (const k of PUBLIC_FILTER_KEYS) if (s.filters[k]) p[k] = s.filters[k]!;
  return p;
}
