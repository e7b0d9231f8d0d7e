import { useQuery } from '@tanstack/react-query';
import { catalogKeys, fetchFields, fetchFormas, fetchNumbering, fetchTipos } from './catalogsApi';

export const useTipos = () => useQuery({ queryKey: catalogKeys.tipos, queryFn: fetchTipos });
export const useFormas = () => useQuery({ queryKey: catalogKeys.formas, queryFn: fetchFormas });
export const useFormFields = () => useQuery({ queryKey: catalogKeys.fields, queryFn: fetchFields });
export const useNumbering = () => useQuery({ queryKey: catalogKeys.numbering, queryFn: fetchNumbering });

export function byName<T extends { name?: string; nome?: string }>(list: readonly T[]): T[] {
  const n = (x: T) => x.name ?? x.nome ?? '';
  return [...list].sort((a, b) => n(a).localeCompare(n(b), 'pt-BR', { sensitivity: 'base' }));
}
