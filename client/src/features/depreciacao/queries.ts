import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { toast } from '../../lib/toast';
import {
  fetchDepreciacao,
  fetchBem,
  fetchEventosValor,
  postReavaliacao,
  postReducao,
  postReversao,
  searchBens,
  fetchFechamentos,
  postFechamento,
  deleteFechamento,
  fetchResumo,
} from './api';
import { competenciaBR } from './format';
import { DEPRECIACAO_MSG, type ReavaliacaoBody, type ReducaoBody, type ReversaoBody } from '@tombo/shared';
import { depreciacaoKeys } from './keys';

/** The asset's figures on `data` ('YYYY-MM-DD') and its schedule; the previous date stays on screen while loading. */
export function useDepreciacao(id: number | null, data: string | null) {
  const query = useQuery({
    queryKey: depreciacaoKeys.patrimonio(id ?? 0, data ?? ''),
    queryFn: ({ signal }) => fetchDepreciacao(id!, data!, signal),
    enabled: id != null && data != null,
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === id ? keepPreviousData(prev) : undefined),
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, DEPRECIACAO_MSG.carregarFalhou);
  return query;
}

export function useEventosValor(id: number | null) {
  return useQuery({
    queryKey: depreciacaoKeys.eventos(id ?? 0),
    queryFn: ({ signal }) => fetchEventosValor(id!, signal),
    enabled: id != null,
    retry: false,
  });
}

export function useBensBusca(q: string) {
  return useQuery({
    queryKey: depreciacaoKeys.bens(q),
    queryFn: ({ signal }) => searchBens(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The three value events; each refetches the figures and the list on success (field errors stay with the form). */
export function useEventoMutations(id: number) {
  const qc = useQueryClient();
  const done = (message: string) => () => {
    toast.success(message);
    void qc.invalidateQueries({ queryKey: depreciacaoKeys.all });
  };
  return {
    reavaliacao: useMutation({
      mutationFn: (b: ReavaliacaoBody) => postReavaliacao(id, b),
      onSuccess: done(DEPRECIACAO_MSG.reavaliacaoRegistrada),
    }),
    reducao: useMutation({
      mutationFn: (b: ReducaoBody) => postReducao(id, b),
      onSuccess: done(DEPRECIACAO_MSG.reducaoRegistrada),
    }),
    reversao: useMutation({
      mutationFn: (b: ReversaoBody) => postReversao(id, b),
      onSuccess: done(DEPRECIACAO_MSG.reversaoRegistrada),
    }),
  };
}

/** The asset named in the URL, for the picker's label when the page is opened by a link. */
export function useBem(id: number | null) {
  return useQuery({
    queryKey: ['depreciacao', 'bem', id ?? 0],
    queryFn: ({ signal }) => fetchBem(id!, signal),
    enabled: id != null,
  });
}

/** The closed months, newest first. */
export function useFechamentos() {
  return useQuery({ queryKey: depreciacaoKeys.fechamentos, queryFn: ({ signal }) => fetchFechamentos(signal) });
}

/** Requests a close (the job id comes back) and reopens the last closed month. */
export function useFechamentoMutations() {
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: depreciacaoKeys.all });
  return {
    fechar: useMutation({
      mutationFn: (competencia: string) => postFechamento(competencia),
      onSuccess: () => {
        toast.info(DEPRECIACAO_MSG.fechamentoSolicitado);
        refetch();
      },
      onError: (err) => toast.fromError(err),
    }),
    reabrir: useMutation({
      mutationFn: (competencia: string) => deleteFechamento(competencia),
      onSuccess: (_r, competencia) => {
        toast.success(DEPRECIACAO_MSG.reaberto(competenciaBR(competencia)));
        refetch();
      },
      onError: (err) => toast.fromError(err),
    }),
  };
}

/** The municipality's figures as of `data` (null: the server's default), the previous ones kept while loading. */
export function useResumo(data: string | null) {
  const query = useQuery({
    queryKey: depreciacaoKeys.resumo(data),
    queryFn: ({ signal }) => fetchResumo(data, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, 'Não foi possível carregar o resumo da depreciação.');
  return query;
}
