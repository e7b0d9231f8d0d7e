import { useQuery } from '@tanstack/react-query';
import type {
  PublicBemMunicipios,
  PublicFiltros,
  PublicMunicipioPagina,
  PublicMunicipio,
  PublicMunicipioList,
  PublicPatrimonio,
  PublicPatrimonioList,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';
import { publicKeys, type MunicipioRef, type PublicListParams } from './keys';

// Paths contain /public/: the HTTP client sends no token and never tries a refresh.
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function usePublicMunicipios() {
  return useQuery({
    queryKey: publicKeys.municipios,
    queryFn: async ({ signal }) =>
      listFrom<PublicMunicipio>(await http.get<PublicMunicipioList>('/public/municipios', { signal }), 'municipios'),
  });
}

export function usePublicFiltros(ref: MunicipioRef | null) {
  return useQuery({
    queryKey: publicKeys.filtros(ref ?? { municipio: '' }),
    queryFn: ({ signal }) => http.get<PublicFiltros>(`/public/filtros?${qs(ref!)}`, { signal }),
    enabled: !!ref,
  });
}

export function usePublicPatrimonios(params: PublicListParams | null) {
  return useQuery({
    queryKey: publicKeys.list(params ?? {}),
    queryFn: ({ signal }) => http.get<PublicPatrimonioList>(`/public/patrimonios?${qs(params!)}`, { signal }),
    enabled: !!params,
    staleTime: 30_000,
    // Paging or sorting keeps the rows on screen until the next page comes; another municipality does not.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2].municipio === params?.municipio ? prev : undefined),
  });
}

export function usePublicPatrimonio(numero: string, ref: MunicipioRef | null) {
  return useQuery({
    queryKey: publicKeys.detail(numero, ref ?? { municipio: '' }),
    queryFn: async ({ signal }) =>
      itemFrom<PublicPatrimonio>(
        await http.get(`/public/patrimonios/${encodeURIComponent(numero)}?${qs(ref!)}`, { signal }),
        'patrimonio',
      ),
    enabled: !!ref && !!numero,
    staleTime: 30_000,
  });
}

/** The municipality's public page (id or slug): branding, totals, open-data links. */
export function usePublicPagina(ref: string | undefined) {
  return useQuery({
    queryKey: ['public', 'pagina', ref ?? ''] as const,
    queryFn: ({ signal }) =>
      http.get<PublicMunicipioPagina>(`/public/municipios/${encodeURIComponent(ref!)}`, { signal }),
    enabled: !!ref,
    staleTime: 60_000,
  });
}

/** Where an asset number exists among the municipalities open to the public (a link without municipality). */
export function usePublicBemMunicipios(numero: string, enabled: boolean) {
  return useQuery({
    queryKey: ['public', 'bem-municipios', numero] as const,
    queryFn: ({ signal }) => http.get<PublicBemMunicipios>(`/public/bens/${encodeURIComponent(numero)}`, { signal }),
    enabled: enabled && !!numero,
    staleTime: 30_000,
  });
}
