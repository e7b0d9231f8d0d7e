import type {
  Job,
  RelatorioGenerate,
  ReportConfig,
  ReportConfigCreate,
  ReportConfigList,
  ReportConfigUpdate,
  ReportPreview,
  ReportTemplate,
  ReportTemplateCreate,
  ReportTemplateList,
  ReportTemplateUpdate,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

/** The municipality's report templates. */
export async function fetchReportTemplates(): Promise<ReportTemplate[]> {
  return listFrom<ReportTemplate>(await http.get<ReportTemplateList>('/report-templates'), 'templates');
}
export async function fetchReportTemplate(id: number): Promise<ReportTemplate> {
  return itemFrom<ReportTemplate>(await http.get(`/report-templates/${id}`), 'template');
}
export async function createReportTemplate(body: ReportTemplateCreate): Promise<ReportTemplate> {
  return itemFrom<ReportTemplate>(await http.post('/report-templates', body), 'template');
}
export async function updateReportTemplate(id: number, body: ReportTemplateUpdate): Promise<ReportTemplate> {
  return itemFrom<ReportTemplate>(await http.put(`/report-templates/${id}`, body), 'template');
}
export const deleteReportTemplate = (id: number) => http.delete(`/report-templates/${id}`);

/** The caller's saved report configs. */
export async function fetchReportConfigs(): Promise<ReportConfig[]> {
  return listFrom<ReportConfig>(await http.get<ReportConfigList>('/report-configs'), 'configs');
}
export async function createReportConfig(body: ReportConfigCreate): Promise<ReportConfig> {
  return itemFrom<ReportConfig>(await http.post('/report-configs', body), 'config');
}
export async function updateReportConfig(id: number, body: ReportConfigUpdate): Promise<ReportConfig> {
  return itemFrom<ReportConfig>(await http.put(`/report-configs/${id}`, body), 'config');
}
export const deleteReportConfig = (id: number) => http.delete(`/report-configs/${id}`);

/** Asks the worker for the PDF: a job followed on the page and in Downloads. */
export async function requestReport(body: RelatorioGenerate): Promise<Job> {
  return itemFrom<Job>(await http.post('/relatorios', body), 'job');
}

/** The first rows, totals and chart series of a template with filters (query string). */
export function fetchReportPreview(templateId: number, query: URLSearchParams): Promise<ReportPreview> {
  const q = new URLSearchParams(query);
  q.set('templateId', String(templateId));
  return http.get<ReportPreview>(`/relatorios/preview?${q.toString()}`);
}
