import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FICHA_MSG, type FichaTemplate, type FichaTemplateInput } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import {
  createFichaTemplate,
  deleteFichaTemplate,
  fetchFichaTemplate,
  fetchFichaTemplates,
  fetchPreviewAsset,
  updateFichaTemplate,
} from './api';
import { fichaKeys } from './keys';

/** The municipality's record-sheet templates. */
export function useFichaTemplates() {
  return useQuery({ queryKey: fichaKeys.list, queryFn: fetchFichaTemplates });
}

/** One template (the editor). */
export function useFichaTemplate(id: number | null) {
  return useQuery({ queryKey: fichaKeys.detail(id ?? 0), queryFn: () => fetchFichaTemplate(id!), enabled: !!id });
}

/** The asset the editor previews with. */
export function usePreviewAsset() {
  return useQuery({ queryKey: fichaKeys.preview, queryFn: fetchPreviewAsset, staleTime: 60_000 });
}

/** Create / update / delete with their toasts; a 404 or 409 refetches the lists. */
export function useFichaTemplateMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: fichaKeys.all });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };
  const create = useMutation({
    mutationFn: createFichaTemplate,
    onSuccess: () => {
      refresh();
      toast.success(FICHA_MSG.created);
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: { id: number; body: FichaTemplateInput & { version: number } }) =>
      updateFichaTemplate(v.id, v.body),
    onSuccess: (t) => {
      qc.setQueryData(fichaKeys.detail(t.id), t);
      refresh();
      toast.success(FICHA_MSG.updated);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (t: FichaTemplate) => deleteFichaTemplate(t.id),
    onSuccess: () => {
      refresh();
      toast.success(FICHA_MSG.deleted);
    },
    onError,
  });
  return { create, update, remove };
}

/** The body of a template as the API takes it (for duplicates and "set as default"). */
export const templateBody = (t: FichaTemplate): FichaTemplateInput => ({
  name: t.name,
  isDefault: t.isDefault,
  fields: t.fields,
  showCustomFields: t.showCustomFields,
  showPhoto: t.showPhoto,
  showQr: t.showQr,
  showHistory: t.showHistory,
  historyLimit: t.historyLimit,
  signatures: t.signatures,
});
