import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAuditAuthors, fetchAuditLogs, fetchRecentAudit, type AuditPageParams } from './api';
import { auditKeys } from './keys';

/** A page of the log; new entries are prepended live to the first page of matching filters (live.ts). */
export function useAuditLogs(params: AuditPageParams) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: () => fetchAuditLogs(params),
    placeholderData: keepPreviousData,
  });
}

/** 'Atividade Recente': what the server lets this user see; new entries are prepended live. */
export function useRecentAudit(limit: number) {
  return useQuery({ queryKey: auditKeys.recent(limit), queryFn: () => fetchRecentAudit(limit) });
}

/** The users an entry may be filtered by. */
export function useAuditAuthors(enabled = true) {
  return useQuery({ queryKey: auditKeys.authors, queryFn: fetchAuditAuthors, staleTime: 5 * 60_000, enabled });
}
