import type {
  ImovelReportFieldList,
  ImovelReportGenerate,
  ImovelReportTemplate,
  ImovelReportTemplateCreate,
  ImovelReportTemplateList,
  ImovelReportTemplateUpdate,
  Job,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

/** The municipality's property report templates. */
export async function fetchImovelTemplates(): Promise<ImovelReportTemplate[]> {
  return listFrom<ImovelReportTemplate>(
    await http.get<ImovelReportTemplateList>('/imovel-report-templates'),
    'templates',
  );
}
export async function fetchImovelTemplate(id: number): Promise<ImovelReportTemplate> {
  return itemFrom<ImovelReportTemplate>(await http.get(`/imovel-report-templates/${id}`), 'template');
}
/** The columns a template may show: the register's, then the municipality's custom fields. */
export const fetchImovelReportFields = async () =>
  (await http.get<ImovelReportFieldList>('/imovel-report-fields')).fields;
export async function createImovelTemplate(body: ImovelReportTemplateCreate): Promise<ImovelReportTemplate> {
  return itemFrom<ImovelReportTemplate>(await http.post('/imovel-report-templates', body), 'template');
}
export async function updateImovelTemplate(
  id: number,
  body: ImovelReportTemplateUpdate,
): Promise<ImovelReportTemplate> {
  return itemFrom<ImovelReportTemplate>(await http.put(`/imovel-report-templates/${id}`, body), 'template');
}
export const deleteImovelTemplate = (id: number) => http.delete(`/imovel-report-templates/${id}`);

/** Asks for the PDF or XLSX: a job followed on the page and in Downloads. */
export async function requestImovelReport(body: ImovelReportGenerate): Promise<Job> {
  return itemFrom<Job>(await http.post('/imoveis/relatorios', body), 'job');
}
