import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live/liveBus';
import { catalogKeys, fetchFields, fetchFormas, fetchNextNumbers, fetchNumbering, fetchTipos } from './catalogsApi';

export const useTipos = () => useQuery({ queryKey: catalogKeys.tipos, queryFn: fetchTipos });
export const useFormas = () => useQuery({ queryKey: catalogKeys.formas, queryFn: fetchFormas });
export const useFormFields = () => useQuery({ queryKey: catalogKeys.fields, queryFn: fetchFields });
export const useNumbering = () => useQuery({ queryKey: catalogKeys.numbering, queryFn: fetchNumbering });

/**
 * The next number per sector; refetched when assets are created (they take numbers) and when sectors
 * change (codes and names). A pattern change refetches it through `catalogKeys.numbering`.
 */
export function useNextNumbers() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: catalogKeys.nextNumbers });
  useLiveEvent('patrimonio.created', refresh);
  useLiveEvent('patrimonio.bulk_created', refresh);
  useLiveEvent('sector.created', refresh);
  useLiveEvent('sector.updated', refresh);
  useLiveEvent('sector.deleted', refresh);
  return useQuery({ queryKey: catalogKeys.nextNumbers, queryFn: fetchNextNumbers });
}

export function byName<T extends { name?: string; nome?: string }>(list: readonly T[]): T[] {
  const n = (x: T) => x.name ?? x.nome ?? '';
  return [...list].sort((a, b) => n(a).localeCompare(n(b), 'pt-BR', { sensitivity: 'base' }));
}
