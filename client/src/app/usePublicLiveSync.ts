import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { customizationKeys } from '../features/customization';

/**
 * Signed out (the login page left open on a city hall's screen): the anonymous socket refetches the
 * login customization when the superuser changes it, and after a reconnect in case a change was missed.
 * The socket client is loaded after the page has drawn: it is not in the entry chunk a cold phone waits for.
 */
export function usePublicLiveSync(active: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let closed = false;
    let close = () => {
      closed = true;
    };
    void import('../lib/socket').then(({ openPublicSocket }) => {
      if (closed) return;
      const socket = openPublicSocket();
      const refetch = () => void qc.invalidateQueries({ queryKey: customizationKeys.all });
      let connectedBefore = false;
      socket.on('connect', () => {
        if (connectedBefore) refetch();
        connectedBefore = true;
      });
      socket.on('customization.updated', refetch);
      close = () => {
        socket.removeAllListeners();
        socket.disconnect();
      };
    });
    return () => close();
  }, [active, qc]);
}
