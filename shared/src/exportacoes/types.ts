/** One column of an export: which asset field (`key`) under which header. */
export interface ExportColumn {
  key: string;
  header: string;
}

/** An Excel/CSV export template (spec §3) of a municipality. */
export interface ExportTemplate {
  id: number;
  name: string;
  columns: ExportColumn[];
  /** null: an installation-wide template ('modelo do sistema'): every municipality uses or copies it, none edits it. */
  municipalityId: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ExportTemplateList {
  templates: ExportTemplate[];
  total: number;
}
