import type { ExportTemplate } from '@tombo/shared';
import type { exportTemplates } from '../../db/schema';

export type ExportTemplateRow = typeof exportTemplates.$inferSelect;

/** Row → API shape of an export template. */
export const presentExportTemplate = (r: ExportTemplateRow): ExportTemplate => ({
  id: r.id,
  name: r.name,
  columns: r.columns,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** What the audit row keeps of a template. */
export const exportTemplateSnapshot = (r: ExportTemplateRow) => ({ name: r.name, columns: r.columns });
