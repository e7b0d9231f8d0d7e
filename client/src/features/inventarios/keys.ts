/** Query keys of inventories: list pages by their API query, one record, its items, log and summary. */
export const inventarioKeys = {
  all: ['inventarios'] as const,
  lists: ['inventarios', 'list'] as const,
  list: (params: Record<string, string>) => ['inventarios', 'list', params] as const,
  detail: (id: number) => ['inventarios', 'detail', id] as const,
  leituras: (id: number) => ['inventarios', 'leituras', id] as const,
  itens: (id: number, params: Record<string, string>) => ['inventarios', 'itens', id, params] as const,
  resumo: (id: number) => ['inventarios', 'resumo', id] as const,
  membros: ['inventarios', 'membros'] as const,
};
