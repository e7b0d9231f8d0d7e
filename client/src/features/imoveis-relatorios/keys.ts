/** TanStack Query keys of the property reports. */
export const imovelRelatorioKeys = {
  templates: ['imoveis-relatorios', 'templates'] as const,
  template: (id: number) => ['imoveis-relatorios', 'templates', id] as const,
  fields: ['imoveis-relatorios', 'fields'] as const,
};
