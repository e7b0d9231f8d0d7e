import type { ReportConfig, ReportTemplate } from '@tombo/shared';
import { iso } from '../../db/owned';
import type { relatorioConfigs, relatorioTemplates } from '../../db/schema';

export type ReportTemplateRow = typeof relatorioTemplates.$inferSelect;
export type ReportConfigRow = typeof relatorioConfigs.$inferSelect;

/** Template row → API shape. */
export const presentReportTemplate = (r: ReportTemplateRow): ReportTemplate => ({
  id: r.id,
  municipalityId: r.municipalityId,
  name: r.name,
  fields: r.fields,
  filters: r.filters ?? {},
  layout: r.layout,
  isDefault: r.isDefault,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What the audit keeps of a template. */
export const reportTemplateSnapshot = (r: ReportTemplateRow) => ({
  name: r.name,
  fields: r.fields,
  filters: r.filters,
  blocks: r.layout.map((b) => `${b.type} ${b.x},${b.y} ${b.w}×${b.h}`),
});

/** Config row (+ its template's name) → API shape. */
export const presentReportConfig = (r: ReportConfigRow, templateName: string): ReportConfig => ({
  id: r.id,
  name: r.name,
  templateId: r.templateId,
  templateName,
  filtros: r.filters ?? {},
  agendamento: r.schedule ?? null,
  proximaExecucao: iso(r.nextRunAt),
  ultimaExecucao: iso(r.lastRunAt),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
