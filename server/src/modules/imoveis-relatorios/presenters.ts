import type { ImovelReportFiltros, ImovelReportTemplate } from '@tombo/shared';
import type { imovelReportTemplates } from '../../db/schema';

export type ImovelReportTemplateRow = typeof imovelReportTemplates.$inferSelect;

/** Template row → API shape. */
export const presentImovelReportTemplate = (r: ImovelReportTemplateRow): ImovelReportTemplate => ({
  id: r.id,
  municipalityId: r.municipalityId,
  name: r.name,
  fields: r.fields,
  filters: (r.filters ?? {}) as ImovelReportFiltros,
  isDefault: r.isDefault,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What the audit keeps of a template. */
export const imovelReportTemplateSnapshot = (r: ImovelReportTemplateRow) => ({
  name: r.name,
  fields: r.fields,
  filters: r.filters,
});
