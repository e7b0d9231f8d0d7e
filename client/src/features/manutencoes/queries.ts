import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MANUTENCAO_MSG, type Manutencao } from '@tombo/shared';
import { ApiError, errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import * as api from './api';
import { manutencaoKeys } from './keys';
import { patchManutencao } from './live';

/** One page (or one month) of tasks as the server filtered it. */
export function useManutencaoList(params: api.ManutencaoListParams, enabled = true) {
  const query = useQuery({
    queryKey: manutencaoKeys.list(params),
    queryFn: ({ signal }) => api.fetchManutencoes(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, MANUTENCAO_MSG.loadFailed);
  return query;
}

/** Properties the form's picker offers for a search (or the one chosen, by id). */
export function useImovelOptions(q: string, id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: manutencaoKeys.imoveis(q, id),
    queryFn: ({ signal }) => api.fetchImovelOptions(q, id, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Create, change, complete, delete and attach, with the §8 toasts; a 404/409 refetches what is shown. */
export function useManutencaoMutations() {
  const qc = useQueryClient();
  const failed = (title: string) => (err: unknown) => {
    toast.error(errorMessage(err, title), title);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404))
      void qc.invalidateQueries({ queryKey: manutencaoKeys.all });
  };
  const done = (text: string) => (m: Manutencao) => {
    patchManutencao(qc, m);
    toast.success(text);
  };
  const create = useMutation({
    mutationFn: api.createManutencao,
    onSuccess: done(MANUTENCAO_MSG.created),
    onError: failed(MANUTENCAO_MSG.createFailed),
  });
  const update = useMutation({
    mutationFn: (v: { id: number; body: Partial<api.ManutencaoBody> & { version: number } }) =>
      api.updateManutencao(v.id, v.body),
    onSuccess: done(MANUTENCAO_MSG.updated),
    onError: failed(MANUTENCAO_MSG.updateFailed),
  });
  const remove = useMutation({
    mutationFn: (m: Manutencao) => api.deleteManutencao(m.id),
    onSuccess: () => {
      patchManutencao(qc, null);
      toast.success(MANUTENCAO_MSG.deleted);
    },
    onError: failed(MANUTENCAO_MSG.deleteFailed),
  });
  const attach = useMutation({
    mutationFn: (v: { id: number; file: File }) => api.uploadAnexo(v.id, v.file),
    onSuccess: done(MANUTENCAO_MSG.anexoAdded),
    onError: failed(MANUTENCAO_MSG.anexoFailed),
  });
  const detach = useMutation({
    mutationFn: (v: { m: Manutencao; fileId: string }) => api.removeAnexo(v.m, v.fileId),
    onSuccess: done(MANUTENCAO_MSG.anexoRemoved),
    onError: failed(MANUTENCAO_MSG.updateFailed),
  });
  return { create, update, remove, attach, detach };
}
