import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  fetchConfig,
  fetchContasImoveis,
  fetchDiario,
  fetchLancamentos,
  fetchPlano,
  fetchRazao,
  fetchRmb,
  type LancamentosFiltro,
  type LivroFiltro,
} from './api';
import { contabilidadeKeys } from './keys';

export const M_LOAD = 'Não foi possível carregar os dados da contabilidade.';

export function usePlano() {
  const query = useQuery({ queryKey: contabilidadeKeys.plano, queryFn: ({ signal }) => fetchPlano(signal) });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, M_LOAD);
  return query;
}

export function useContabilidadeConfig() {
  return useQuery({ queryKey: contabilidadeKeys.config, queryFn: ({ signal }) => fetchConfig(signal) });
}

export function useContasImoveis() {
  return useQuery({ queryKey: contabilidadeKeys.contasImoveis, queryFn: ({ signal }) => fetchContasImoveis(signal) });
}

/** The journal read on with the server's cursor: a page of 100 entries at a time, none read twice. */
export function useLancamentos(f: LancamentosFiltro) {
  const query = useInfiniteQuery({
    queryKey: contabilidadeKeys.lancamentos(f),
    queryFn: ({ pageParam, signal }) => fetchLancamentos(f, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.lancamentos.length < 100 ? undefined : last.cursor),
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, M_LOAD);
  return query;
}

/** The month's statement (none while the month typed is incomplete). */
export function useRmb(competencia: string | null) {
  return useQuery({
    queryKey: contabilidadeKeys.rmb(competencia ?? ''),
    queryFn: ({ signal }) => fetchRmb(competencia!, signal),
    enabled: competencia != null,
  });
}

/** The journal of the period, a page of 100 entries at a time (none until a period is chosen). */
export function useDiario(f: LivroFiltro | null) {
  return useInfiniteQuery({
    queryKey: contabilidadeKeys.livro(f!),
    queryFn: ({ pageParam, signal }) => fetchDiario(f!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: f?.livro === 'diario',
  });
}

/** An account's ledger of the period, a page of 100 movements at a time. */
export function useRazao(f: LivroFiltro | null) {
  return useInfiniteQuery({
    queryKey: contabilidadeKeys.livro(f!),
    queryFn: ({ pageParam, signal }) => fetchRazao(f!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: f?.livro === 'razao' && f.contaId != null,
  });
}
