import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVENTARIO_MSG, type InventarioCreate, type InventarioListItem } from '@tombo/shared';
import { ApiError, errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  createInventario,
  deleteInventario,
  fetchInventario,
  fetchInventarios,
  fetchItens,
  fetchLeituras,
  fetchMembros,
  fetchResumo,
  finalizeInventario,
  updateInventario,
  type InventarioUpdateInput,
} from './api';
import { inventarioKeys } from './keys';
import { patchInventario } from './live';

/** One page of inventories as the server filtered and paged it. */
export function useInventarioList(params: Record<string, string>) {
  const query = useQuery({
    queryKey: inventarioKeys.list(params),
    queryFn: ({ signal }) => fetchInventarios(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, INVENTARIO_MSG.loadFailed);
  return query;
}

/** One inventory with its counts by status and who counted (null id: nothing to load). */
export function useInventario(id: number | null) {
  return useQuery({
    queryKey: inventarioKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchInventario(id as number, signal),
    enabled: id != null,
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
}

/** The newest readings of the log (the live feed continues from there). */
export function useLeituras(id: number) {
  return useQuery({ queryKey: inventarioKeys.leituras(id), queryFn: ({ signal }) => fetchLeituras(id, signal) });
}

export function useResumo(id: number) {
  const query = useQuery({
    queryKey: inventarioKeys.resumo(id),
    queryFn: ({ signal }) => fetchResumo(id, signal),
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, INVENTARIO_MSG.loadFailed);
  return query;
}

/** One page of the inventory's items (server filters: status, location, search). */
export function useItens(id: number, params: Record<string, string>) {
  return useQuery({
    queryKey: inventarioKeys.itens(id, params),
    queryFn: ({ signal }) => fetchItens(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Users who may sit on the commission. */
export function useMembros(enabled = true) {
  return useQuery({
    queryKey: inventarioKeys.membros,
    queryFn: ({ signal }) => fetchMembros(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** Create, edit, delete and finalize, with the spec §8 toasts; a 404/409 refetches what the screen shows. */
export function useInventarioMutations() {
  const qc = useQueryClient();
  const refetchOn = (err: unknown) => {
    if (err instanceof ApiError && (err.status === 409 || err.status === 404))
      void qc.invalidateQueries({ queryKey: inventarioKeys.all });
  };
  const fail = (fallback: string) => (err: unknown) => {
    // Spec §8 text as the title, the server's reason (409 finalized, stale version…) as the message.
    toast.error(errorMessage(err, fallback), fallback);
    refetchOn(err);
  };
  const done = (item: InventarioListItem) => {
    patchInventario(qc, item);
    void qc.invalidateQueries({ queryKey: inventarioKeys.lists });
  };
  const create = useMutation({
    mutationFn: (body: InventarioCreate) => createInventario(body),
    onSuccess: (item) => {
      done(item);
      toast.success(INVENTARIO_MSG.created);
    },
    onError: fail(INVENTARIO_MSG.createFailed),
  });
  const update = useMutation({
    mutationFn: (v: { id: number; body: InventarioUpdateInput }) => updateInventario(v.id, v.body),
    onSuccess: (item) => {
      done(item);
      toast.success(INVENTARIO_MSG.updated);
    },
    onError: fail(INVENTARIO_MSG.updateFailed),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteInventario(id),
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: inventarioKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: inventarioKeys.lists });
      toast.success(INVENTARIO_MSG.deleted);
    },
    onError: fail(INVENTARIO_MSG.deleteFailed),
  });
  const finalize = useMutation({
    mutationFn: (id: number) => finalizeInventario(id),
    onSuccess: (r) => {
      done(r.inventario);
      void qc.invalidateQueries({ queryKey: inventarioKeys.detail(r.inventario.id) });
      toast.success(INVENTARIO_MSG.finalized);
    },
    onError: fail(INVENTARIO_MSG.finalizeFailed),
  });
  return { create, update, remove, finalize };
}
