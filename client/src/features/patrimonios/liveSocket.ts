import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent, Patrimonio, PatrimonioList, ServerToClientEvents } from '@tombo/shared';
import { getSession, useSession } from '../../lib/session';
import { openSocket, type LiveSocket } from '../../lib/socket';
import { catalogKeys } from '../catalogs/catalogsApi';
import { patrimonioKeys } from './keys';

/*
 * The shell's live socket (features/live) is private to its hook, so the asset register keeps one
 * socket of its own, shared by every mounted asset / catalogue screen (reference-counted) and
 * closed a few seconds after the last one unmounts.
 */
let shared: { socket: LiveSocket; refs: number; closeTimer: ReturnType<typeof setTimeout> | null; userId: number } | null = null;

function acquire(userId: number): LiveSocket {
  if (shared && shared.userId !== userId) {
    shared.socket.disconnect();
    shared = null;
  }
  if (!shared) shared = { socket: openSocket(() => getSession().clear(true)), refs: 0, closeTimer: null, userId };
  if (shared.closeTimer) clearTimeout(shared.closeTimer);
  shared.closeTimer = null;
  shared.refs += 1;
  return shared.socket;
}

function release() {
  if (!shared) return;
  shared.refs -= 1;
  if (shared.refs > 0) return;
  const current = shared;
  current.closeTimer = setTimeout(() => {
    if (shared === current && current.refs <= 0) {
      current.socket.disconnect();
      shared = null;
    }
  }, 5000);
}

type Handlers = { [K in keyof ServerToClientEvents]?: ServerToClientEvents[K] };

/** Subscribes the given handlers to the shared socket while the component is mounted. */
export function useLiveEvents(handlers: Handlers) {
  const userId = useSession((s) => s.user?.id ?? null);
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (userId == null) return;
    const socket = acquire(userId);
    const names = Object.keys(ref.current) as Array<keyof ServerToClientEvents>;
    const bound = names.map((name) => {
      const fn = (e: LiveEvent<never>) => (ref.current[name] as ((e: LiveEvent<never>) => void) | undefined)?.(e);
      socket.on(name, fn as never);
      return () => socket.off(name, fn as never);
    });
    return () => {
      bound.forEach((off) => off());
      release();
    };
    // The set of event names is fixed per call site.
  }, [userId]);
}

/** Puts a fresh asset into every cached list page that shows it and into its detail query. */
export function patchAsset(qc: QueryClient, asset: Patrimonio) {
  qc.setQueryData<Patrimonio>(patrimonioKeys.detail(asset.id), (old) => (old && old.version > asset.version ? old : asset));
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
      const key = { 'tipos-bens': catalogKeys.tipos, 'formas-aquisicao': catalogKeys.formas, numeracao: catalogKeys.numbering, 'asset-form-fields': catalogKeys.fields }[e.data.catalog];
      void qc.invalidateQueries({ queryKey: key });
      if (e.data.catalog === 'asset-form-fields') refreshLists();
      extra['catalog.changed']?.(e);
    },
  } as Handlers);
  useReconnectRefetch(qc);
}

/** After the shared socket reconnects, refetch the register (a missed event loses nothing). */
function useReconnectRefetch(qc: QueryClient) {
  const userId = useSession((s) => s.user?.id ?? null);
  useEffect(() => {
    if (userId == null || !shared) return;
    const socket = shared.socket;
    let before = socket.connected;
    const onConnect = () => {
      if (before) {
        void qc.invalidateQueries({ queryKey: patrimonioKeys.all });
        for (const key of Object.values(catalogKeys)) void qc.invalidateQueries({ queryKey: key });
      }
      before = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [userId, qc]);
}
