import type { FichaTemplate } from '@tombo/shared';
import type { fichaTemplates } from '../../db/schema';

export type FichaTemplateRow = typeof fichaTemplates.$inferSelect;

/** Row → API shape of a record-sheet template. */
export function presentFichaTemplate(r: FichaTemplateRow): FichaTemplate {
  return {
    id: r.id,
    name: r.name,
    isDefault: r.isDefault,
    fields: r.fields,
    showCustomFields: r.showCustomFields,
    showPhoto: r.showPhoto,
    showQr: r.showQr,
    showHistory: r.showHistory,
    historyLimit: r.historyLimit,
    signatures: r.signatures,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}

/** What the audit log keeps of a template. */
export const fichaTemplateSnapshot = (r: FichaTemplateRow) => {
  const { createdAt: _c, updatedAt: _u, municipalityId: _m, ...rest } = r;
  return rest;
};
