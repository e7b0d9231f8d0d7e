import type { QueryClient } from '@tanstack/react-query';
import type { TransferList, Transferencia } from '@tombo/shared';
import { refetchSoon } from '../../components/register';
import type { LiveHandlers } from '../../lib/feature';
import { transferKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the screens' chunks.

/**
 * Puts a request into the cached pages that show it (an older version never wins) and into its detail,
 * then refetches the pages and reports on screen: which page holds a new or decided request is the server's call.
 */
export function patchTransfer(qc: QueryClient, t: Transferencia) {
  for (const [key, old] of qc.getQueriesData<TransferList>({ queryKey: transferKeys.lists })) {
    const i = old?.transferencias.findIndex((x) => x.id === t.id) ?? -1;
    if (!old || i === -1 || old.transferencias[i].version > t.version) continue;
    const rows = old.transferencias.slice();
    rows[i] = t;
    qc.setQueryData<TransferList>(key, { ...old, transferencias: rows });
  }
  qc.setQueryData<Transferencia>(transferKeys.detail(t.id), (old) => (old && old.version > t.version ? old : t));
  refetchSoon(qc, transferKeys.lists);
  refetchSoon(qc, transferKeys.reports);
}

/** New and decided requests reach those who may read them (the server picks the rooms). */
export const live: LiveHandlers = {
  'transferencia.created': (e, { queryClient }) => patchTransfer(queryClient, e.data),
  'transferencia.updated': (e, { queryClient }) => patchTransfer(queryClient, e.data),
};
