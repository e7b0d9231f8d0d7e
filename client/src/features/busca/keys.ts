/** Query keys of the global search: one cache entry per text. */
export const buscaKeys = {
  all: ['busca'] as const,
  text: (q: string) => ['busca', q] as const,
};
