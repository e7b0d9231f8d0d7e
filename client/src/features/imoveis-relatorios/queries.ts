import { useQuery } from '@tanstack/react-query';
import { fetchImovelReportFields, fetchImovelTemplate, fetchImovelTemplates } from './api';
import { imovelRelatorioKeys } from './keys';

// Refetched on mount when a live event marked them stale while no screen showed them.
export const useImovelTemplates = () =>
  useQuery({ queryKey: imovelRelatorioKeys.templates, queryFn: fetchImovelTemplates, refetchOnMount: true });
export const useImovelTemplate = (id: number | null) =>
  useQuery({
    queryKey: imovelRelatorioKeys.template(id ?? 0),
    queryFn: () => fetchImovelTemplate(id!),
    enabled: !!id,
    refetchOnMount: true,
  });
export const useImovelReportFields = () =>
  useQuery({ queryKey: imovelRelatorioKeys.fields, queryFn: fetchImovelReportFields });
