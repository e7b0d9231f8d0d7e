import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Sector } from '@tombo/shared';
import { removeById, upsert } from '../../lib/cache';
import { useApiMutation } from '../../lib/useApiMutation';
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
  const stale = [sectorKeys.list];
  const create = useApiMutation({
    mutationFn: createSector,
    success: MSG.sectors.created,
    stale,
    onSuccess: (sector) => patchSectors(qc, (list) => upsert(list, sector)),
  });
  const update = useApiMutation({
    mutationFn: (v: { sector: Sector; name: string; code: string }) =>
      updateSector(v.sector.id, { name: v.name, code: v.code, version: v.sector.version }),
    success: MSG.sectors.updated,
    stale,
    onSuccess: (sector) => patchSectors(qc, (list) => upsert(list, sector)),
  });
  const remove = useApiMutation({
    mutationFn: (sector: Sector) => deleteSector(sector.id),
    success: MSG.sectors.deleted,
    stale,
    onSuccess: (_r, sector) => patchSectors(qc, (list) => removeById(list, sector.id)),
  });
  return { create, update, remove };
}
