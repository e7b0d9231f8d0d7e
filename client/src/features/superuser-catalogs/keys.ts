/** Query keys of the installation-wide catalogues. */
export const suCatalogKeys = {
  fields: ['superuser', 'asset-form-fields'] as const,
  templates: ['superuser', 'export-templates'] as const,
};
