import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openPublicSocket } from '../lib/socket';
import { customizationKeys } from '../features/customization';

/**
 * Signed out (the login page left open on a city hall's screen): the anonymous socket refetches the
 * login customization when the superuser changes it, and after a reconnect in case a change was missed.
 */
export function usePublicLiveSync(active: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const socket = openPublicSocket();
    const refetch = () => void qc.invalidateQueries({ queryKey: customizationKeys.all });
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) refetch();
      connectedBefore = true;
    });
    socket.on('customization.updated', refetch);
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [active, qc]);
}
