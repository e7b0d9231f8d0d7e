import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Comissao, type ComissaoCreate } from '@tombo/shared';
import { useApiMutation } from '../../lib/useApiMutation';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { createComissao, fetchComissoes, fetchMembrosPossiveis, updateComissao } from './api';
import { comissaoKeys } from './keys';
import { patchComissoes } from './live';

export function useComissoes() {
  const query = useQuery({ queryKey: comissaoKeys.list(), queryFn: fetchComissoes });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, MSG.comissoes.loadFailed);
  return query;
}

/** The users who may be named (only asked by those who may name). */
export const useMembrosPossiveis = (enabled: boolean) =>
  useQuery({
    queryKey: comissaoKeys.membros,
    queryFn: ({ signal }) => fetchMembrosPossiveis(signal),
    enabled,
    staleTime: 60_000,
  });

export function useComissaoMutations() {
  const qc = useQueryClient();
  const stale = [comissaoKeys.all];
  const create = useApiMutation({
    mutationFn: createComissao,
    success: MSG.comissoes.created,
    stale,
    onSuccess: (c) => patchComissoes(qc, c),
  });
  const update = useApiMutation({
    mutationFn: (v: { comissao: Comissao; body: ComissaoCreate }) =>
      updateComissao(v.comissao.id, { ...v.body, version: v.comissao.version }),
    success: MSG.comissoes.updated,
    stale,
    onSuccess: (c) => patchComissoes(qc, c),
  });
  return { create, update };
}
