import { useQuery } from '@tanstack/react-query';
import type { PublicImovel, PublicImovelList } from '@tombo/shared';
import { http, itemFrom } from '../../lib/http';
import type { MunicipioRef, PublicListParams } from './keys';

// Paths contain /public/: the HTTP client sends no token and never tries a refresh.
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const publicImovelKeys = {
  list: (params: PublicListParams) => ['public', 'imoveis', params] as const,
  detail: (id: string, ref: MunicipioRef) => ['public', 'imovel', id, ref] as const,
};

/** A page of the municipality's properties (public fields only). */
export function usePublicImoveis(params: PublicListParams | null) {
  return useQuery({
    queryKey: publicImovelKeys.list(params ?? {}),
    queryFn: ({ signal }) => http.get<PublicImovelList>(`/public/imoveis?${qs(params!)}`, { signal }),
    enabled: !!params,
    staleTime: 30_000,
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2].municipio === params?.municipio ? prev : undefined),
  });
}

/** One property's public card; without `ref` (an old link) the server finds the property's municipality. */
export function usePublicImovel(id: string, ref: MunicipioRef | null) {
  return useQuery({
    queryKey: publicImovelKeys.detail(id, ref ?? { municipio: '' }),
    queryFn: async ({ signal }) =>
      itemFrom<PublicImovel>(
        await http.get(`/public/imoveis/${encodeURIComponent(id)}${ref ? `?${qs(ref)}` : ''}`, { signal }),
        'imovel',
      ),
    enabled: /^\d+$/.test(id),
    staleTime: 30_000,
  });
}
