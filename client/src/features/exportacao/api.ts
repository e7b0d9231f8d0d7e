import type {
  ExportacaoBody,
  ExportTemplate,
  ExportTemplateCreate,
  ExportTemplateList,
  ExportTemplateUpdate,
  Job,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

/** The municipality's export templates. */
export async function fetchExportTemplates(): Promise<ExportTemplate[]> {
  return listFrom<ExportTemplate>(await http.get<ExportTemplateList>('/export-templates'), 'templates');
}
export async function createExportTemplate(body: ExportTemplateCreate): Promise<ExportTemplate> {
  return itemFrom<ExportTemplate>(await http.post('/export-templates', body), 'template');
}
export async function updateExportTemplate(id: number, body: ExportTemplateUpdate): Promise<ExportTemplate> {
  return itemFrom<ExportTemplate>(await http.put(`/export-templates/${id}`, body), 'template');
}
export async function deleteExportTemplate(id: number): Promise<void> {
  await http.delete(`/export-templates/${id}`);
}
/** Asks for an export: answers the queued job (followed with the downloads hooks). */
export async function requestExport(body: ExportacaoBody): Promise<Job> {
  return itemFrom<Job>(await http.post('/exportacoes', body), 'job');
}
