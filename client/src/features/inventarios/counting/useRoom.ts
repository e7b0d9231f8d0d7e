import { useEffect, useState } from 'react';
import type { InventarioMembro } from '@tombo/shared';
import { getLiveSocket, useLiveEvent } from '../../../lib/liveBus';
import type { LiveSocket } from '../../../lib/socket';

/**
 * Joins the inventory's room for as long as the screen is open (again after every reconnect: a new
 * socket has no rooms) and follows who is counting now.
 */
export function useInventarioRoom(id: number) {
  const [presence, setPresence] = useState<InventarioMembro[]>([]);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let socket: LiveSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const join = () => {
      setConnected(true);
      socket?.emit('inventario.join', id, (r) => {
        if (r.ok) {
          setPresence(r.contadores);
          setJoinError(null);
        } else setJoinError(r.error);
      });
    };
    const lost = () => setConnected(false);
    const attach = () => {
      socket = getLiveSocket();
      // The session socket is opened by the app shell; this screen may mount first.
      if (!socket) {
        timer = setTimeout(attach, 250);
        return;
      }
      socket.on('connect', join);
      socket.on('disconnect', lost);
      if (socket.connected) join();
    };
    attach();
    return () => {
      clearTimeout(timer);
      if (!socket) return;
      socket.off('connect', join);
      socket.off('disconnect', lost);
      if (socket.connected) socket.emit('inventario.leave', id);
    };
  }, [id]);

  useLiveEvent('inventario.presence', (e) => {
    if (e.data.inventarioId === id) setPresence(e.data.contadores);
  });

  return { presence, joinError, connected };
}
