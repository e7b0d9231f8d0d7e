import type { LabelTemplate } from '@tombo/shared';
import type { etiquetaTemplates } from '../../db/schema';

export type LabelTemplateRow = typeof etiquetaTemplates.$inferSelect;

/** Row → API shape of a label template (HTTP, events and the generation job's snapshot). */
export const presentLabelTemplate = (r: LabelTemplateRow): LabelTemplate => ({
  id: r.id,
  name: r.name,
  width: r.width,
  height: r.height,
  isDefault: r.isDefault,
  elements: r.elements,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
