import { useQuery } from '@tanstack/react-query';
import { fetchImovelReportFields, fetchImovelTemplate, fetchImovelTemplates } from './api';
import { imovelRelatorioKeys } from './keys';

export const useImovelTemplates = () =>
  useQuery({ queryKey: imovelRelatorioKeys.templates, queryFn: fetchImovelTemplates });
export const useImovelTemplate = (id: number | null) =>
  useQuery({
    queryKey: imovelRelatorioKeys.template(id ?? 0),
    queryFn: () => fetchImovelTemplate(id!),
    enabled: !!id,
  });
export const useImovelReportFields = () =>
  useQuery({ queryKey: imovelRelatorioKeys.fields, queryFn: fetchImovelReportFields });
