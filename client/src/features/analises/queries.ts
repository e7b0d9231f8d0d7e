import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchGrupo, fetchTemporal } from './api';
import { analiseKeys } from './keys';

/** An analysis by sector or type; the previous figures stay on screen while new filters load. */
export function useAnaliseGrupo(por: 'setor' | 'tipo', params: Record<string, string>) {
  return useQuery({
    queryKey: analiseKeys.grupo(por, params),
    queryFn: () => fetchGrupo(por, params),
    placeholderData: keepPreviousData,
  });
}

/** The analysis over time. */
export function useAnaliseTemporal(params: Record<string, string>) {
  return useQuery({
    queryKey: analiseKeys.temporal(params),
    queryFn: () => fetchTemporal(params),
    placeholderData: keepPreviousData,
  });
}
