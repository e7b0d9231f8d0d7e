import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent, PatrimonioList, PatrimonioListItem, ServerToClientEvents } from '@tombo/shared';
import { onLive, onLiveReconnect } from '../live/liveBus';
import { catalogKeys } from '../catalogs/catalogsApi';
import { patrimonioKeys } from './keys';

type Handlers = { [K in keyof ServerToClientEvents]?: ServerToClientEvents[K] };

/** Subscribes the given handlers to the session's single live socket while the component is mounted. */
export function useLiveEvents(handlers: Handlers) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    // The set of event names is fixed per call site.
    const names = Object.keys(ref.current) as Array<keyof ServerToClientEvents>;
    const offs = names.map((name) =>
      onLive(name, ((e: LiveEvent<never>) =>
        (ref.current[name] as ((e: LiveEvent<never>) => void) | undefined)?.(e)) as never),
    );
    return () => offs.forEach((off) => off());
  }, []);
}

/**
 * Puts a changed asset's list item into every cached list page that shows it and refetches its whole
 * record (events never carry the history); an asset the user lost sight of leaves the lists.
 */
export function patchAsset(qc: QueryClient, asset: PatrimonioListItem | { id: number; removed: true }) {
  void qc.invalidateQueries({ queryKey: patrimonioKeys.detail(asset.id) });
  if ('removed' in asset) return;
  for (const [key, old] of qc.getQueriesData<PatrimonioList>({ queryKey: patrimonioKeys.lists })) {
    if (!old) continue;
    const i = old.patrimonios.findIndex((p) => p.id === asset.id);
    if (i === -1) continue;
    const rows = old.patrimonios.slice();
    if (rows[i].version > asset.version) continue;
    rows[i] = { ...rows[i], ...asset };
    qc.setQueryData<PatrimonioList>(key, { ...old, patrimonios: rows });
  }
}

/**
 * Live updates of the asset register (DESIGN §5): patrimonio.* events patch the cached record and
 * the visible list rows at once, then the lists are refetched (order, filters and totals may change).
 * catalog.changed refetches the catalogue that changed. After a reconnect everything is refetched.
 */
export function usePatrimonioLive(extra: Handlers = {}) {
  const qc = useQueryClient();
  const refreshLists = () => void qc.invalidateQueries({ queryKey: patrimonioKeys.lists });
  useLiveEvents({
    ...extra,
    'patrimonio.created': (e) => {
      refreshLists();
      extra['patrimonio.created']?.(e);
    },
    'patrimonio.updated': (e) => {
      patchAsset(qc, e.data);
      refreshLists();
      extra['patrimonio.updated']?.(e);
    },
    'patrimonio.deleted': (e) => {
      refreshLists();
      extra['patrimonio.deleted']?.(e);
    },
    'patrimonio.bulk_created': (e) => {
      refreshLists();
      extra['patrimonio.bulk_created']?.(e);
    },
    'catalog.changed': (e) => {
      const key = {
        'tipos-bens': catalogKeys.tipos,
        'formas-aquisicao': catalogKeys.formas,
        numeracao: catalogKeys.numbering,
        'asset-form-fields': catalogKeys.fields,
      }[e.data.catalog];
      void qc.invalidateQueries({ queryKey: key });
      if (e.data.catalog === 'asset-form-fields') refreshLists();
      extra['catalog.changed']?.(e);
    },
  } as Handlers);
  useReconnectRefetch(qc);
}

/** After the session socket reconnects, refetch the register (a missed event loses nothing). */
function useReconnectRefetch(qc: QueryClient) {
  useEffect(
    () =>
      onLiveReconnect(() => {
        void qc.invalidateQueries({ queryKey: patrimonioKeys.all });
        for (const key of Object.values(catalogKeys)) void qc.invalidateQueries({ queryKey: key });
      }),
    [qc],
  );
}
