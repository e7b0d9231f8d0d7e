import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import { MANUTENCAO_FILTRO_STATUS, TIPOS_MANUTENCAO } from '@tombo/shared';
import type { ManutencaoListParams } from './api';

export type ManutencaoView = 'lista' | 'calendario';
export const MANUTENCAO_PAGE_SIZE = 25;

export interface ManutencaoListState {
  view: ManutencaoView;
  status: string;
  tipo: string;
  imovelId: string;
  q: string;
  /** 'yyyy-MM' shown by the calendar. */
  mes: string;
  page: number;
}

const oneOf = (list: readonly string[], v: string | null) => (v && list.includes(v) ? v : '');
const isMonth = (v: string | null): v is string => !!v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** The view, filters, month and page, kept in the URL (a notification's `?imovelId=` link opens that property's tasks). */
export function useManutencaoListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ManutencaoListState>(() => {
    const mes = params.get('mes');
    return {
      view: params.get('view') === 'calendario' ? 'calendario' : 'lista',
      status: oneOf(MANUTENCAO_FILTRO_STATUS, params.get('status')),
      tipo: oneOf(TIPOS_MANUTENCAO, params.get('tipo')),
      imovelId: /^\d+$/.test(params.get('imovelId') ?? '') ? params.get('imovelId')! : '',
      q: params.get('q') ?? '',
      mes: isMonth(mes) ? mes : format(new Date(), 'yyyy-MM'),
      page: Math.max(1, Number(params.get('page')) || 1),
    };
  }, [params]);
  /** Changes some fields; any change but the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<ManutencaoListState>) => {
      const next = { ...state, ...patch, page: patch.page ?? 1 };
      const out = new URLSearchParams();
      if (next.view !== 'lista') out.set('view', next.view);
      for (const k of ['status', 'tipo', 'imovelId', 'q'] as const) if (next[k]) out.set(k, next[k]);
      if (next.view === 'calendario') out.set('mes', next.mes);
      if (next.page > 1) out.set('page', String(next.page));
      setParams(out, { replace: true });
    },
    [state, setParams],
  );
  return { state, update };
}

/** The first and last day the month grid shows (whole weeks, Sunday first). */
export function gridRange(mes: string): { from: Date; to: Date } {
  const first = new Date(`${mes}-01T12:00:00`);
  return { from: startOfWeek(startOfMonth(first)), to: endOfWeek(endOfMonth(first)) };
}

/** The API query of a state: a page of the list, or every task of the calendar's grid. */
export function apiParams(s: ManutencaoListState): ManutencaoListParams {
  const p: ManutencaoListParams = {};
  if (s.status) p.status = s.status;
  if (s.tipo) p.tipo = s.tipo;
  if (s.imovelId) p.imovelId = s.imovelId;
  if (s.q.trim()) p.q = s.q.trim();
  if (s.view === 'calendario') {
    const { from, to } = gridRange(s.mes);
    return { ...p, de: format(from, 'yyyy-MM-dd'), ate: format(to, 'yyyy-MM-dd'), pageSize: '500' };
  }
  return { ...p, page: String(s.page), pageSize: String(MANUTENCAO_PAGE_SIZE) };
}
