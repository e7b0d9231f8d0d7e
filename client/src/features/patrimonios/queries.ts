import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PATRIMONIO_MSG } from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { fetchPatrimonio, fetchPatrimonios, type ListParams } from './api';
import { patrimonioKeys } from './keys';

/** One page of the register as the server filtered, sorted and paged it. */
export function usePatrimonioList(params: ListParams) {
  const query = useQuery({
    queryKey: patrimonioKeys.list(params),
    queryFn: ({ signal }) => fetchPatrimonios(params, signal),
    placeholderData: keepPreviousData,
    // A list is refetched when live events say it changed; paging back shows the cached page.
    staleTime: 30_000,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, PATRIMONIO_MSG.loadFailed);
  return query;
}

/** The whole record of one asset (history, photos, documents). */
export function usePatrimonio(id: number) {
  return useQuery({
    queryKey: patrimonioKeys.detail(id),
    queryFn: () => fetchPatrimonio(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
