/** TanStack Query keys of the reports area. */
export const relatorioKeys = {
  templates: ['relatorios', 'templates'] as const,
  template: (id: number) => ['relatorios', 'templates', id] as const,
  configs: ['relatorios', 'configs'] as const,
  preview: (id: number, query: string) => ['relatorios', 'preview', id, query] as const,
};
