import type { ListParams } from './patrimoniosApi';

export const patrimonioKeys = {
  all: ['patrimonios'] as const,
  lists: ['patrimonios', 'list'] as const,
  list: (params: ListParams) => ['patrimonios', 'list', params] as const,
  detail: (id: number) => ['patrimonios', 'detail', id] as const,
};
