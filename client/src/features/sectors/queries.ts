import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Sector } from '@tombo/shared';
import { removeById, upsert } from '../../lib/cache';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { createSector, deleteSector, fetchSectors, updateSector } from './api';
import { sectorKeys } from './keys';
import { patchSectors } from './live';

/** The municipality's sectors (one query, patched by live events). */
export function useSectors(options: { toastOnError?: boolean } = {}) {
  const query = useQuery({ queryKey: sectorKeys.list, queryFn: fetchSectors });
  useLoadErrorToast(!!options.toastOnError && query.isError, query.errorUpdatedAt, MSG.sectors.loadFailed);
  return query;
}

/** Sorted by name the pt-BR way (accents and case ignored). */
export function sortByName<T extends { name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
}

/**
 * Create / update / delete with the spec §8 toasts; a 409 shows the server message and refetches.
 * Other areas' caches (places show sector names) follow the live event the author receives too.
 */
export function useSectorMutations() {
  const qc = useQueryClient();
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404))
      void qc.invalidateQueries({ queryKey: sectorKeys.list });
  };
  const create = useMutation({
    mutationFn: createSector,
    onSuccess: (sector) => {
      patchSectors(qc, (list) => upsert(list, sector));
      toast.success(MSG.sectors.created);
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: { sector: Sector; name: string; code: string }) =>
      updateSector(v.sector.id, { name: v.name, code: v.code, version: v.sector.version }),
    onSuccess: (sector) => {
      patchSectors(qc, (list) => upsert(list, sector));
      toast.success(MSG.sectors.updated);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (sector: Sector) => deleteSector(sector.id),
    onSuccess: (_r, sector) => {
      patchSectors(qc, (list) => removeById(list, sector.id));
      toast.success(MSG.sectors.deleted);
    },
    onError,
  });
  return { create, update, remove };
}
