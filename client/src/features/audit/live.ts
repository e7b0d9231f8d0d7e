import type { QueryClient } from '@tanstack/react-query';
import { auditMatches, type AuditList, type AuditLog, type AuditRecent } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import type { AuditPageParams } from './api';
import { auditKeys } from './keys';

/**
 * A new entry joins the first page of every list whose filters it passes (newest first, the page cut to
 * its size, the exact total one higher). Pages further on are read by cursor: they do not shift.
 */
export function prependToLists(queryClient: QueryClient, log: AuditLog): void {
  for (const [key, data] of queryClient.getQueriesData<AuditList>({ queryKey: auditKeys.lists })) {
    const params = key[2] as AuditPageParams | undefined;
    if (!data || !params || params.before != null || !auditMatches(params, log)) continue;
    if (data.logs.some((l) => l.id === log.id)) continue;
    const logs = [log, ...data.logs];
    queryClient.setQueryData<AuditList>(key, {
      ...data,
      logs: logs.slice(0, params.pageSize),
      hasMore: data.hasMore || logs.length > params.pageSize,
      total: data.totalIsEstimate ? data.total : data.total + 1,
    });
  }
}

/** A new entry heads every recent feed (the server sends a socket only the entries its user may see). */
export function prependToRecent(queryClient: QueryClient, log: AuditLog): void {
  for (const [key, data] of queryClient.getQueriesData<AuditRecent>({ queryKey: auditKeys.recents })) {
    const limit = key[2] as number | undefined;
    if (!data || !limit || data.logs.some((l) => l.id === log.id)) continue;
    queryClient.setQueryData<AuditRecent>(key, { logs: [log, ...data.logs].slice(0, limit) });
  }
}

export const live: LiveHandlers = {
  'audit.created': (e, { queryClient }) => {
    prependToLists(queryClient, e.data);
    prependToRecent(queryClient, e.data);
  },
};
