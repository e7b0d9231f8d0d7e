import type { QueryClient } from '@tanstack/react-query';
import type { Sector, SectorList } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { removeById, upsert } from '../../lib/cache';
import { sectorKeys } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the screens' chunks.

/** Applies `fn` to the cached sector list, keeping its total in step. */
export function patchSectors(qc: QueryClient, fn: (list: Sector[]) => Sector[]) {
  qc.setQueryData<SectorList>(sectorKeys.list, (old) => {
    if (!old) return old;
    const sectors = fn(old.sectors);
    return { sectors, total: old.total + (sectors.length - old.sectors.length) };
  });
}

/** Sector events patch the cached list; a place (local) changing alters the sectors' place counts. */
export const live: LiveHandlers = {
  'sector.created': (e, { queryClient }) => patchSectors(queryClient, (list) => upsert(list, e.data)),
  'sector.updated': (e, { queryClient }) => patchSectors(queryClient, (list) => upsert(list, e.data)),
  'sector.deleted': (e, { queryClient }) => patchSectors(queryClient, (list) => removeById(list, e.data.id)),
  'local.created': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: sectorKeys.list }),
  'local.updated': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: sectorKeys.list }),
  'local.deleted': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: sectorKeys.list }),
};
