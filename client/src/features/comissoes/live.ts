import type { QueryClient } from '@tanstack/react-query';
import type { Comissao } from '@tombo/shared';
import { upsert } from '../../lib/cache';
import type { LiveHandlers } from '../../lib/feature';
import { comissaoKeys } from './keys';

/** A commission named or changed: the cached list takes it at once. */
export function patchComissoes(qc: QueryClient, comissao: Comissao) {
  qc.setQueryData<Comissao[]>(comissaoKeys.list(), (old) => (old ? upsert(old, comissao) : old));
}

export const live: LiveHandlers = {
  'comissao.changed': (e, { queryClient }) => patchComissoes(queryClient, e.data),
  'user.updated': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: comissaoKeys.membros }),
  'user.created': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: comissaoKeys.membros }),
  'user.deleted': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: comissaoKeys.all }),
};
