import type { AuditPageParams } from './api';

/** Query keys of the activity log: pages by their params, the recent feed by its size, the author list. */
export const auditKeys = {
  all: ['audit-logs'] as const,
  lists: ['audit-logs', 'list'] as const,
  list: (p: AuditPageParams) => ['audit-logs', 'list', p] as const,
  recents: ['audit-logs', 'recent'] as const,
  recent: (limit: number) => ['audit-logs', 'recent', limit] as const,
  authors: ['audit-logs', 'authors'] as const,
};
