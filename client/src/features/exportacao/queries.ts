import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPORT_MSG, type ExportTemplateCreate, type ExportTemplateUpdate } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { createExportTemplate, deleteExportTemplate, fetchExportTemplates, updateExportTemplate } from './api';

export const exportKeys = { templates: ['export-templates'] as const };

export const useExportTemplates = () => useQuery({ queryKey: exportKeys.templates, queryFn: fetchExportTemplates });

/** Save (create or update) and delete, with the spec §8 toasts; a 404/409 refreshes the list. */
export function useExportTemplateMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: exportKeys.templates });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };
  const save = useMutation({
    mutationFn: (v: { id?: number; body: ExportTemplateCreate | ExportTemplateUpdate }) =>
      v.id ? updateExportTemplate(v.id, v.body as ExportTemplateUpdate) : createExportTemplate(v.body),
    onSuccess: () => {
      toast.success(EXPORT_MSG.saved);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteExportTemplate,
    onSuccess: () => {
      toast.success(EXPORT_MSG.deleted);
      refresh();
    },
    onError,
  });
  return { save, remove, onError };
}
