import { useQuery } from '@tanstack/react-query';
import { fetchFields, fetchFormas, fetchNextNumbers, fetchNumbering, fetchTipos } from './api';
import { catalogKeys } from './keys';

export const useTipos = () => useQuery({ queryKey: catalogKeys.tipos, queryFn: fetchTipos });
export const useFormas = () => useQuery({ queryKey: catalogKeys.formas, queryFn: fetchFormas });
export const useFormFields = () => useQuery({ queryKey: catalogKeys.fields, queryFn: fetchFields });
export const useNumbering = () => useQuery({ queryKey: catalogKeys.numbering, queryFn: fetchNumbering });

/**
 * The next number per sector; refetched when assets are created (they take numbers) and when sectors
 * change (codes and names), see live.ts. A pattern change refetches it through `catalogKeys.numbering`.
 */
export const useNextNumbers = () => useQuery({ queryKey: catalogKeys.nextNumbers, queryFn: fetchNextNumbers });

/** Sorted by name (`name` or `nome`) the pt-BR way. */
export function byName<T extends { name?: string; nome?: string }>(list: readonly T[]): T[] {
  const n = (x: T) => x.name ?? x.nome ?? '';
  return [...list].sort((a, b) => n(a).localeCompare(n(b), 'pt-BR', { sensitivity: 'base' }));
}
