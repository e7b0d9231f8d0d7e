import type {
  DepreciacaoConfig,
  DepreciacaoConfigBody,
  DepreciacaoPatrimonio,
  DepreciacaoResumo,
  FechamentoDepreciacao,
  Job,
  EventoValorRegistrado,
  Patrimonio,
  PatrimonioList,
  PatrimonioListItem,
  ReavaliacaoBody,
  ReducaoBody,
  ReversaoBody,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export async function fetchDepreciacao(id: number, data: string, signal?: AbortSignal): Promise<DepreciacaoPatrimonio> {
  return http.get<DepreciacaoPatrimonio>(`/depreciacao/patrimonios/${id}?${new URLSearchParams({ data })}`, { signal });
}

/** The asset picker's options: the register's own search (number or description), ten at most. */
export async function searchBens(q: string, signal?: AbortSignal): Promise<PatrimonioListItem[]> {
  const params: Record<string, string> = { pageSize: '10' };
  if (q) params.q = q;
  // The patrimonios area keeps its fetchers private (lint: areas meet only through index.ts), hence this call.
  const data = await http.get<PatrimonioList>(`/patrimonios?${new URLSearchParams(params)}`, { signal });
  return listFrom<PatrimonioListItem>(data, 'patrimonios');
}

/** The asset named in the URL (for the picker's label). */
export async function fetchBem(id: number, signal?: AbortSignal): Promise<Patrimonio> {
  return itemFrom<Patrimonio>(await http.get(`/patrimonios/${id}`, { signal }), 'patrimonio');
}

export type TipoEventoValor = EventoValorRegistrado['tipo'];
/** One row of GET /api/patrimonios/:id/eventos-valor (money and % as decimal strings). */
export type EventoValorItem = EventoValorRegistrado;

export async function fetchEventosValor(id: number, signal?: AbortSignal): Promise<EventoValorItem[]> {
  return (await http.get<{ eventos: EventoValorItem[] }>(`/patrimonios/${id}/eventos-valor`, { signal })).eventos ?? [];
}

export const postReavaliacao = (id: number, body: ReavaliacaoBody) =>
  http.post<unknown>(`/patrimonios/${id}/reavaliacoes`, body);
export const postReducao = (id: number, body: ReducaoBody) =>
  http.post<unknown>(`/patrimonios/${id}/reducoes-valor-recuperavel`, body);
export const postReversao = (id: number, body: ReversaoBody) =>
  http.post<unknown>(`/patrimonios/${id}/reducoes-valor-recuperavel/reversao`, body);

export async function fetchFechamentos(signal?: AbortSignal): Promise<FechamentoDepreciacao[]> {
  return (await http.get<{ fechamentos: FechamentoDepreciacao[] }>('/depreciacao/fechamentos', { signal })).fechamentos;
}
export const postFechamento = (competencia: string) =>
  http.post<{ job: Job }>('/depreciacao/fechamentos', { competencia });
export const deleteFechamento = (competencia: string) =>
  http.delete<unknown>(`/depreciacao/fechamentos/${competencia}`);

/** GET /api/depreciacao/resumo (no date: the end of the last closed month, else today). */
export async function fetchResumo(data: string | null, signal?: AbortSignal): Promise<DepreciacaoResumo> {
  return http.get<DepreciacaoResumo>(`/depreciacao/resumo${data ? `?${new URLSearchParams({ data })}` : ''}`, {
    signal,
  });
}

/** GET/PUT /api/depreciacao/config: the municipality's start rule, rounding and cut-over date. */
export const fetchDepreciacaoConfig = async (signal?: AbortSignal) =>
  (await http.get<{ config: DepreciacaoConfig }>('/depreciacao/config', { signal })).config;
export const putDepreciacaoConfig = (body: DepreciacaoConfigBody) => http.put<unknown>('/depreciacao/config', body);
