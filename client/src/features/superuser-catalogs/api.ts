import type { ExportTemplate, ExportTemplateCreate, ExportTemplateUpdate, FieldType, FormField } from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export interface FieldBody {
  label: string;
  key?: string;
  type: FieldType;
  required: boolean;
  options: string[] | null;
}

/** Installation-wide asset form fields (superuser). */
export const fetchInstallationFields = async () =>
  listFrom<FormField>(await http.get('/superuser/asset-form-fields'), 'fields');
export const createInstallationField = (body: FieldBody) => http.post<FormField>('/superuser/asset-form-fields', body);
export const updateInstallationField = (id: number, body: Omit<FieldBody, 'key'> & { version: number }) =>
  http.put<FormField>(`/superuser/asset-form-fields/${id}`, body);
export const deleteInstallationField = (id: number) => http.delete(`/superuser/asset-form-fields/${id}`);
export const reorderInstallationFields = (ids: number[]) => http.put('/superuser/asset-form-fields/reorder', { ids });

/** Installation-wide export templates (superuser). */
export const fetchInstallationTemplates = async () =>
  listFrom<ExportTemplate>(await http.get('/superuser/export-templates'), 'templates');
export const createInstallationTemplate = async (body: ExportTemplateCreate) =>
  itemFrom<ExportTemplate>(await http.post('/superuser/export-templates', body), 'template');
export const updateInstallationTemplate = async (id: number, body: ExportTemplateUpdate) =>
  itemFrom<ExportTemplate>(await http.put(`/superuser/export-templates/${id}`, body), 'template');
export const deleteInstallationTemplate = (id: number) => http.delete(`/superuser/export-templates/${id}`);
