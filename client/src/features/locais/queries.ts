import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Local } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
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
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404))
      void qc.invalidateQueries({ queryKey: locaisKeys.all });
  };
  const create = useMutation({
    mutationFn: createLocal,
    onSuccess: (local) => {
      patchLocais(qc, local);
      toast.success(MSG.locais.created);
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: { local: Local; name: string; sectorId: number }) =>
      updateLocal(v.local.id, { name: v.name, sectorId: v.sectorId, version: v.local.version }),
    onSuccess: (local) => {
      patchLocais(qc, local);
      toast.success(MSG.locais.updated);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (local: Local) => deleteLocal(local.id),
    onSuccess: (_r, local) => {
      patchLocais(qc, null, local.id);
      toast.success(MSG.locais.deleted);
    },
    onError,
  });
  return { create, update, remove };
}
