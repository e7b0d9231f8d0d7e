/** Query keys of the labels area. */
export const etiquetaKeys = {
  templates: ['label-templates'] as const,
  assets: (params: Record<string, string>) => ['label-templates', 'assets', params] as const,
};
