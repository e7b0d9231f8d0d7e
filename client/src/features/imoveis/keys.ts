import type { ListParams } from './api';

/** Query keys of the property register: list pages by their API query, whole records by id, the custom fields. */
export const imovelKeys = {
  all: ['imoveis'] as const,
  lists: ['imoveis', 'list'] as const,
  list: (params: ListParams) => ['imoveis', 'list', params] as const,
  detail: (id: number) => ['imoveis', 'detail', id] as const,
  fields: ['imovel-fields'] as const,
};
