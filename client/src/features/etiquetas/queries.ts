import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ETIQUETA_MSG, type LabelTemplate, type LabelTemplateCreate } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  createLabelTemplate,
  deleteLabelTemplate,
  fetchLabelTemplates,
  searchAssets,
  updateLabelTemplate,
} from './api';
import { etiquetaKeys } from './keys';

/** The municipality's label templates. */
export function useLabelTemplates() {
  const query = useQuery({ queryKey: etiquetaKeys.templates, queryFn: fetchLabelTemplates });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, ETIQUETA_MSG.loadFailed);
  return query;
}

/** Assets for the live preview (quick search or list filters). */
export function useAssetSample(params: Record<string, string>, enabled = true) {
  return useQuery({ queryKey: etiquetaKeys.assets(params), queryFn: () => searchAssets(params), enabled });
}

/** Spec §8 failure toast: the spec's text as the title, the server's reason (if any) below. */
function failed(title: string) {
  return (err: unknown) =>
    toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Tente novamente em instantes.', title);
}

/** Create / update / delete with the spec §8 toasts; the list refetches after each. */
export function useLabelTemplateMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: etiquetaKeys.templates });
  const onSaveError = (err: unknown) => {
    failed(ETIQUETA_MSG.saveFailed)(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };
  const create = useMutation({
    mutationFn: createLabelTemplate,
    onSuccess: () => {
      refresh();
      toast.success(ETIQUETA_MSG.created);
    },
    onError: onSaveError,
  });
  const update = useMutation({
    mutationFn: (v: { id: number; body: LabelTemplateCreate & { version: number } }) =>
      updateLabelTemplate(v.id, v.body),
    onSuccess: () => {
      refresh();
      toast.success(ETIQUETA_MSG.updated);
    },
    onError: onSaveError,
  });
  const remove = useMutation({
    mutationFn: (t: LabelTemplate) => deleteLabelTemplate(t.id),
    onSuccess: () => {
      refresh();
      toast.success(ETIQUETA_MSG.deleted);
    },
    onError: (err) => {
      failed(ETIQUETA_MSG.deleteFailed)(err);
      refresh();
    },
  });
  return { create, update, remove };
}

/** The body of a template to save (what PUT/POST take). */
export const templateBody = (t: Pick<LabelTemplate, 'name' | 'width' | 'height' | 'isDefault' | 'elements'>) => ({
  name: t.name,
  width: t.width,
  height: t.height,
  isDefault: t.isDefault,
  elements: t.elements,
});
