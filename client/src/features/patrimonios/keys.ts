import type { ListParams } from './api';

/** Query keys of the register: list pages by their API query, full records by id. */
export const patrimonioKeys = {
  all: ['patrimonios'] as const,
  lists: ['patrimonios', 'list'] as const,
  list: (params: ListParams) => ['patrimonios', 'list', params] as const,
  detail: (id: number) => ['patrimonios', 'detail', id] as const,
};
