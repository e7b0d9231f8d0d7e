import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EMPRESTIMO_STATUSES, type EmprestimoSortKey, type EmprestimoStatus } from '@tombo/shared';
import type { LoanListParams } from './api';

export type LoanTab = EmprestimoStatus | 'todos';
export const LOAN_TABS: Array<{ value: LoanTab; label: string }> = [
  { value: 'aberto', label: 'Em aberto' },
  { value: 'atrasado', label: 'Atrasados' },
  { value: 'devolvido', label: 'Devolvidos' },
  { value: 'todos', label: 'Todos' },
];
export const LOAN_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The most useful order of each tab: the next returns first while open, the latest returns once back. */
const TAB_SORT: Record<LoanTab, [EmprestimoSortKey, 'asc' | 'desc']> = {
  aberto: ['dataPrevistaDevolucao', 'asc'],
  atrasado: ['dataPrevistaDevolucao', 'asc'],
  devolvido: ['dataDevolucao', 'desc'],
  todos: ['dataEmprestimo', 'desc'],
};

export interface LoanListState {
  tab: LoanTab;
  q: string;
  sectorId: string;
  dataDe: string;
  dataAte: string;
  page: number;
  pageSize: number;
}

const isTab = (v: string | null): v is LoanTab =>
  v === 'todos' || (EMPRESTIMO_STATUSES as readonly string[]).includes(v ?? '');

/** The list's tab, search, filters and page, kept in the URL (a notification's link opens the default tab). */
export function useLoanListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<LoanListState>(() => {
    const tab = params.get('status');
    const size = Number(params.get('pageSize'));
    return {
      tab: isTab(tab) ? tab : 'aberto',
      q: params.get('q') ?? '',
      sectorId: params.get('sectorId') ?? '',
      dataDe: params.get('dataDe') ?? '',
      dataAte: params.get('dataAte') ?? '',
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: (LOAN_PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    };
  }, [params]);
  /** Changes some fields; any change but the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<LoanListState>) => {
      const next = { ...state, ...patch, page: patch.page ?? 1 };
      const out = new URLSearchParams();
      if (next.tab !== 'aberto') out.set('status', next.tab);
      for (const k of ['q', 'sectorId', 'dataDe', 'dataAte'] as const) if (next[k]) out.set(k, next[k]);
      if (next.page > 1) out.set('page', String(next.page));
      if (next.pageSize !== 25) out.set('pageSize', String(next.pageSize));
      setParams(out, { replace: true });
    },
    [state, setParams],
  );
  return { state, update };
}

/** The API query of a state. */
export function apiParams(s: LoanListState): LoanListParams {
  const [sort, order] = TAB_SORT[s.tab];
  const p: LoanListParams = { page: String(s.page), pageSize: String(s.pageSize), sort, order };
  if (s.tab !== 'todos') p.status = s.tab;
  if (s.q.trim()) p.q = s.q.trim();
  if (s.sectorId) p.sectorId = s.sectorId;
  if (s.dataDe) p.dataDe = s.dataDe;
  if (s.dataAte) p.dataAte = s.dataAte;
  return p;
}
