import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Local, LocalList } from '@tombo/shared';
import { removeById, upsert } from '../../lib/cache';
import type { LiveHandlers } from '../../lib/feature';
import { locaisKeys } from './keys';

/** Patches every cached locais list, respecting each list's sector filter. */
export function patchLocais(qc: QueryClient, local: Local | null, deletedId?: number) {
  for (const [key, old] of qc.getQueriesData<LocalList>({ queryKey: locaisKeys.all })) {
    if (!old) continue;
    const filter = (key[1] ?? {}) as { sectorId?: number };
    let locais = old.locais;
    if (deletedId != null) locais = removeById(locais, deletedId);
    if (local) {
      locais =
        filter.sectorId == null || filter.sectorId === local.sectorId
          ? upsert(locais, local)
          : removeById(locais, local.id);
    }
    qc.setQueryData<LocalList>(key as QueryKey, { locais, total: old.total + (locais.length - old.locais.length) });
  }
}

/** Place events patch every cached list; a sector renamed or deleted changes the places' sector names. */
export const live: LiveHandlers = {
  'local.created': (e, { queryClient }) => patchLocais(queryClient, e.data),
  'local.updated': (e, { queryClient }) => patchLocais(queryClient, e.data),
  'local.deleted': (e, { queryClient }) => patchLocais(queryClient, null, e.data.id),
  'sector.updated': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: locaisKeys.all }),
  'sector.deleted': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: locaisKeys.all }),
};
