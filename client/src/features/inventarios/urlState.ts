import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { InventarioStatus } from '@tombo/shared';

export type InventarioTab = InventarioStatus | 'todos';
export const INVENTARIO_TABS: Array<{ value: InventarioTab; label: string }> = [
  { value: 'in_progress', label: 'Em andamento' },
  { value: 'completed', label: 'Finalizados' },
  { value: 'todos', label: 'Todos' },
];
export const INVENTARIO_PAGE_SIZES = [10, 25, 50, 100] as const;

export interface InventarioListState {
  tab: InventarioTab;
  q: string;
  sectorId: string;
  page: number;
  pageSize: number;
}

const isTab = (v: string | null): v is InventarioTab => INVENTARIO_TABS.some((t) => t.value === v);

/** The list's tab, search, sector and page, kept in the URL. */
export function useInventarioListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<InventarioListState>(() => {
    const tab = params.get('status');
    const size = Number(params.get('pageSize'));
    return {
      tab: isTab(tab) ? tab : 'in_progress',
      q: params.get('q') ?? '',
      sectorId: params.get('sectorId') ?? '',
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: (INVENTARIO_PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    };
  }, [params]);
  /** Changes some fields; any change but the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<InventarioListState>) => {
      const next = { ...state, ...patch, page: patch.page ?? 1 };
      const out = new URLSearchParams();
      if (next.tab !== 'in_progress') out.set('status', next.tab);
      if (next.q) out.set('q', next.q);
      if (next.sectorId) out.set('sectorId', next.sectorId);
      if (next.page > 1) out.set('page', String(next.page));
      if (next.pageSize !== 25) out.set('pageSize', String(next.pageSize));
      setParams(out, { replace: true });
    },
    [state, setParams],
  );
  return { state, update };
}

/** The API query of a state. */
export function apiParams(s: InventarioListState): Record<string, string> {
  const p: Record<string, string> = { page: String(s.page), pageSize: String(s.pageSize) };
  if (s.tab !== 'todos') p.status = s.tab;
  if (s.q.trim()) p.q = s.q.trim();
  if (s.sectorId) p.sectorId = s.sectorId;
  return p;
}
