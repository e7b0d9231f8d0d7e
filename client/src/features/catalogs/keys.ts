/** Query keys of the asset catalogues (asset types, acquisition forms, numbering, asset form fields). */
export const catalogKeys = {
  tipos: ['tipos-bens'] as const,
  formas: ['formas-aquisicao'] as const,
  numbering: ['numeracao'] as const,
  /** Under `numbering`, so a numbering change (catalog.changed) refetches it too. */
  nextNumbers: ['numeracao', 'proximo'] as const,
  fields: ['asset-form-fields'] as const,
};
