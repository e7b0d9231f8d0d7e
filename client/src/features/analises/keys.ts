/** Query keys of the analyses: everything under `all`, so a live event refetches what is on screen. */
export const analiseKeys = {
  all: ['analises'] as const,
  grupo: (por: 'setor' | 'tipo', params: Record<string, string>) => ['analises', por, params] as const,
  temporal: (params: Record<string, string>) => ['analises', 'temporal', params] as const,
};
