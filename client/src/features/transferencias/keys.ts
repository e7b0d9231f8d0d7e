import type { TransferParams } from './api';

/** Query keys of transfers: list pages by their API query, one request by id, report by its filters. */
export const transferKeys = {
  all: ['transferencias'] as const,
  lists: ['transferencias', 'list'] as const,
  list: (params: TransferParams) => ['transferencias', 'list', params] as const,
  detail: (id: number) => ['transferencias', 'detail', id] as const,
  reports: ['transferencias', 'report'] as const,
  report: (params: TransferParams) => ['transferencias', 'report', params] as const,
};
