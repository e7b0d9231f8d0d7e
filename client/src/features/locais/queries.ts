import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Local } from '@tombo/shared';
import { useApiMutation } from '../../lib/useApiMutation';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { createLocal, deleteLocal, fetchLocais, updateLocal } from './api';
import { locaisKeys } from './keys';
import { patchLocais } from './live';

/** Places of one sector, or all of them. */
export function useLocais(sectorId?: number, options: { toastOnError?: boolean } = {}) {
  const filter = sectorId ? { sectorId } : {};
  const query = useQuery({ queryKey: locaisKeys.list(filter), queryFn: () => fetchLocais(sectorId) });
  useLoadErrorToast(!!options.toastOnError && query.isError, query.errorUpdatedAt, MSG.locais.loadFailed);
  return query;
}

/**
 * Create / update / delete with the spec §8 toasts. The sectors' place counts follow the live event
 * the author receives too (sectors/live.ts).
 */
export function useLocalMutations() {
  const qc = useQueryClient();
  const stale = [locaisKeys.all];
  const create = useApiMutation({
    mutationFn: createLocal,
    success: MSG.locais.created,
    stale,
    onSuccess: (local) => patchLocais(qc, local),
  });
  const update = useApiMutation({
    mutationFn: (v: { local: Local; name: string; sectorId: number }) =>
      updateLocal(v.local.id, { name: v.name, sectorId: v.sectorId, version: v.local.version }),
    success: MSG.locais.updated,
    stale,
    onSuccess: (local) => patchLocais(qc, local),
  });
  const remove = useApiMutation({
    mutationFn: (local: Local) => deleteLocal(local.id),
    success: MSG.locais.deleted,
    stale,
    onSuccess: (_r, local) => patchLocais(qc, null, local.id),
  });
  return { create, update, remove };
}
