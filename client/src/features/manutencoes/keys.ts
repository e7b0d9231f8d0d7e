/** Query keys of maintenance tasks: list pages by their API query, the property picker by its search. */
export const manutencaoKeys = {
  all: ['manutencoes'] as const,
  lists: ['manutencoes', 'list'] as const,
  list: (params: Record<string, string>) => ['manutencoes', 'list', params] as const,
  imoveis: (q: string, id?: number) => ['manutencoes', 'imoveis', q, id ?? null] as const,
};
