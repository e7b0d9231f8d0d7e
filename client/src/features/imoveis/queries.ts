import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IMOVEL_MSG } from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { fetchImovel, fetchImovelFields, fetchImoveis, type ListParams } from './api';
import { imovelKeys } from './keys';

/** One page of the register as the server filtered, sorted and paged it. */
export function useImovelList(params: ListParams) {
  const query = useQuery({
    queryKey: imovelKeys.list(params),
    queryFn: ({ signal }) => fetchImoveis(params, signal),
    placeholderData: keepPreviousData,
    // Refetched when live events say the list changed; paging back shows the cached page.
    staleTime: 30_000,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, IMOVEL_MSG.loadFailed);
  return query;
}

/** The whole record of one property (history, photos, documents). */
export function useImovel(id: number) {
  return useQuery({
    queryKey: imovelKeys.detail(id),
    queryFn: () => fetchImovel(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The property form's fields (system and custom), in their order. */
export const useImovelFields = () => useQuery({ queryKey: imovelKeys.fields, queryFn: fetchImovelFields });
