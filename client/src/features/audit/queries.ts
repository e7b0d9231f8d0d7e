import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAuditLogs } from './api';
import { auditKeys } from './keys';

/** Paginated audit log; audit.created events invalidate it (live). */
export function useAuditLogs(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: auditKeys.page(page, pageSize),
    queryFn: () => fetchAuditLogs(page, pageSize),
    placeholderData: keepPreviousData,
    enabled,
  });
}
