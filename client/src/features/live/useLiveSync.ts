import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@tombo/shared';
import { getSession } from '../../lib/session';
import { openSocket } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { fetchMe, logout } from '../auth/authApi';
import { customizationKey } from '../customization/customizationApi';
import { attachLiveSocket, detachLiveSocket, notifyReconnect } from './liveBus';
import {
  auditKey,
  patchJob,
  patchLocais,
  patchSectors,
  removeById,
  sectorsKey,
  upsert,
  usersKey,
} from './cacheUpdates';

/**
 * One socket per signed-in session (DESIGN §5). Live events become TanStack Query cache
 * patches or invalidations; after a reconnect the active queries are refetched.
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
      }
      connectedBefore = true;
    });

    socket.on('sector.created', (e) => patchSectors(qc, (list) => upsert(list, e.data)));
    socket.on('sector.updated', (e) => {
      patchSectors(qc, (list) => upsert(list, e.data));
      void qc.invalidateQueries({ queryKey: ['locais'] });
    });
    socket.on('sector.deleted', (e) => {
      patchSectors(qc, (list) => removeById(list, e.data.id));
      void qc.invalidateQueries({ queryKey: ['locais'] });
    });

    const localsChanged = () => void qc.invalidateQueries({ queryKey: sectorsKey });
    socket.on('local.created', (e) => {
      patchLocais(qc, e.data);
      localsChanged();
    });
    socket.on('local.updated', (e) => {
      patchLocais(qc, e.data);
      localsChanged();
    });
    socket.on('local.deleted', (e) => {
      patchLocais(qc, null, e.data.id);
      localsChanged();
    });

    const usersChanged = (changedId: number) => {
      void qc.invalidateQueries({ queryKey: usersKey });
      if (changedId === userId) {
        fetchMe().then(
          (me) => getSession().setUser(me),
          () => undefined,
        );
      }
    };
    socket.on('user.created', (e) => usersChanged(e.data.id));
    socket.on('user.updated', (e) => usersChanged(e.data.id));
    socket.on('user.deleted', (e) => usersChanged(e.data.id));

    socket.on('audit.created', () => void qc.invalidateQueries({ queryKey: auditKey }));
    socket.on('customization.updated', () => void qc.invalidateQueries({ queryKey: customizationKey }));

    socket.on('job.progress', (e) => patchJob(qc, e.data));
    socket.on('job.completed', (e) => {
      patchJob(qc, e.data);
      if (e.data.status === 'failed')
        toast.error(e.data.error ? `${MSG.jobs.failed} ${e.data.error}` : MSG.jobs.failed);
      else toast.success(MSG.jobs.done);
    });

    socket.on('session.revoked', () => void logout(true));

    attachLiveSocket(socket);
    return () => {
      detachLiveSocket(socket);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, qc]);
}
