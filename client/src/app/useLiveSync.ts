import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rereadInFlight } from '../lib/cache';
import { getSession } from '../lib/session';
import { openSocket } from '../lib/socket';
import { attachLiveSocket, detachLiveSocket, notifyReconnect } from '../lib/liveBus';
import { fetchMe } from '../features/auth';
import { liveHandlers } from './liveHandlers';

/**
 * One socket per signed-in session (DESIGN §5). Each area's live handlers (its `live.ts`) turn events
 * into cache patches or invalidations; after a reconnect the active queries are refetched.
 */
export function useLiveSync(userId: number | null) {
  const qc = useQueryClient();

  useEffect(() => {
    if (userId == null) return;
    const socket = openSocket(() => getSession().clear(true));
    let connectedBefore = false;

    socket.on('connect', () => {
      if (connectedBefore) {
        void qc.invalidateQueries();
        notifyReconnect();
        // `session.permissions` sent while the socket was away is not replayed: read the user again.
        fetchMe().then(
          (me) => getSession().user && getSession().setUser(me),
          () => undefined,
        );
      } else {
        // Data read before the first connection may have missed an event sent meanwhile (a notification to a
        // tab still opening its socket): what was loaded before now, or is being loaded, is read again, once.
        const openedAt = Date.now();
        rereadInFlight(qc);
        void qc.invalidateQueries({
          predicate: (q) =>
            q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < openedAt && q.state.fetchStatus === 'idle',
        });
      }
      connectedBefore = true;
    });

    const ctx = { queryClient: qc, userId };
    const raw = socket as unknown as { on: (event: string, listener: (e: unknown) => void) => void };
    for (const [event, handlers] of liveHandlers()) {
      raw.on(event, (e) => {
        for (const handle of handlers) {
          // One area's failure must not keep the others from updating.
          try {
            handle(e, ctx);
          } catch (err) {
            console.error(`Falha ao aplicar o evento ${event}`, err);
          }
        }
      });
    }

    attachLiveSocket(socket);
    return () => {
      detachLiveSocket(socket);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, qc]);
}
