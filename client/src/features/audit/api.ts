import type { AuditList, AuditLog } from '@tombo/shared';
import { http, listFrom } from '../../lib/http';

/** One page of the municipality's activity log, newest first. */
export async function fetchAuditLogs(page: number, pageSize: number): Promise<AuditList> {
  const data = await http.get<AuditList>(`/audit-logs?page=${page}&pageSize=${pageSize}`);
  const logs = listFrom<AuditLog>(data, 'logs');
  return { logs, total: data?.total ?? logs.length, page: data?.page ?? page, pageSize: data?.pageSize ?? pageSize };
}
