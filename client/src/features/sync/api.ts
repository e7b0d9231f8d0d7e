import { PATRIMONIO_LIMITS, type ClientAuditAction } from '@tombo/shared';
import { http } from '../../lib/http';
import type { SyncPage } from './engine';

/** One page of the signed-in sync (spec §7 GET /patrimonios/sync), by id cursor. */
export async function fetchSyncPage(after: number, signal: AbortSignal): Promise<SyncPage> {
  const qs = new URLSearchParams({ after: String(after), limit: String(PATRIMONIO_LIMITS.syncMaxLimit) });
  const data = await http.get<SyncPage | SyncPage['patrimonios']>(`/patrimonios/sync?${qs}`, {
    signal,
    timeoutMs: 60_000,
  });
  // Spec §7: "array or {patrimonios}" — a bare array is the whole list.
  return Array.isArray(data) ? { patrimonios: data, nextAfter: null, total: data.length } : data;
}

/** Reports a sync step to the audit log (spec §7 SYNC_*); failures are ignored, as the spec says. */
export function reportSync(action: ClientAuditAction, details?: string | null): void {
  http.post('/audit-logs', { action, entityType: 'Sync', details: details ?? null }).catch(() => undefined);
}
