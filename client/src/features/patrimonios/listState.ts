import { PATRIMONIO_SORT_KEYS, type PatrimonioSortKey } from '@tombo/shared';
import type { ListParams } from './patrimoniosApi';

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

/** "1.234,56" or "1234.56" → "1234.56"; null when not a valid amount. */
export function parseMoneyInput(text: string): string | null {
  let s = text.replace(/R\$|\s/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return s;
}

/** "31/12/2024" → "2024-12-31"; null when not a calendar date. */
export function parseDateBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}
export const isoToBR = (iso: string | null | undefined) =>
  iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';

/** Types "31122024" as "31/12/2024" while the person writes. */
export function maskDateBR(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}
