import type { AuditAuthor, AuditFilters, AuditList, AuditRecent } from '@tombo/shared';
import { http } from '../../lib/http';

/** What a page of the log is asked with: its filters, its size and the cursor (the last id of the page before). */
export interface AuditPageParams extends AuditFilters {
  pageSize: number;
  before?: number;
}

/** The query string of a page (only the filters that are set). */
export function auditQueryString(p: AuditPageParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v != null && v !== '' && v !== false) q.set(k, String(v));
  return q.toString();
}

/** One page of the municipality's activity log, newest first. */
export const fetchAuditLogs = (p: AuditPageParams) => http.get<AuditList>(`/audit-logs?${auditQueryString(p)}`);

/** The latest entries the signed-in user may see ('Atividade Recente'). */
export const fetchRecentAudit = (limit: number) => http.get<AuditRecent>(`/audit-logs/recentes?limit=${limit}`);

/** The municipality's users, for the author filter. */
export const fetchAuditAuthors = async (): Promise<AuditAuthor[]> =>
  (await http.get<{ authors: AuditAuthor[] }>('/audit-logs/autores')).authors;
