import type { QueryClient } from '@tanstack/react-query';
import type { Manutencao, ManutencaoList } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { manutencaoKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the page's chunk.

type Lists = Array<[readonly unknown[], ManutencaoList | undefined]>;

/**
 * Replaces a task where a cached page shows it (an older version never wins), then refetches the pages
 * on screen: a new or completed task's place depends on the filters and the month.
 */
export function patchManutencao(qc: QueryClient, item: Manutencao | null) {
  if (item)
    for (const [key, old] of qc.getQueriesData<ManutencaoList>({ queryKey: manutencaoKeys.lists }) as Lists) {
      const i = old?.manutencoes.findIndex((x) => x.id === item.id) ?? -1;
      if (!old || i === -1 || old.manutencoes[i].version > item.version) continue;
      const manutencoes = old.manutencoes.slice();
      manutencoes[i] = item;
      qc.setQueryData<ManutencaoList>(key, { ...old, manutencoes });
    }
  void qc.invalidateQueries({ queryKey: manutencaoKeys.lists });
}

/** Tasks created, changed or deleted by anyone of the municipality refresh the lists and the calendar. */
export const live: LiveHandlers = {
  'manutencao.created': (e, { queryClient }) => patchManutencao(queryClient, e.data),
  'manutencao.updated': (e, { queryClient }) => patchManutencao(queryClient, e.data),
  'manutencao.deleted': (_e, { queryClient }) => patchManutencao(queryClient, null),
};
