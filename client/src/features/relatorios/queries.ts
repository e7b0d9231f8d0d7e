import { useQuery } from '@tanstack/react-query';
import { fetchReportConfigs, fetchReportPreview, fetchReportTemplate, fetchReportTemplates } from './api';
import { relatorioKeys } from './keys';

export const useReportTemplates = () => useQuery({ queryKey: relatorioKeys.templates, queryFn: fetchReportTemplates });
export const useReportTemplate = (id: number | null) =>
  useQuery({ queryKey: relatorioKeys.template(id ?? 0), queryFn: () => fetchReportTemplate(id!), enabled: !!id });
export const useReportConfigs = () => useQuery({ queryKey: relatorioKeys.configs, queryFn: fetchReportConfigs });
/** The preview of a template with the filters of the URL (query string without templateId). */
export const useReportPreview = (id: number, query: URLSearchParams) =>
  useQuery({
    queryKey: relatorioKeys.preview(id, query.toString()),
    queryFn: () => fetchReportPreview(id, query),
    enabled: id > 0,
  });
