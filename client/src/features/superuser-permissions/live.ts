import { PERMISSIONS_MSG } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { getSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { fetchMe } from '../auth';
import { permissionKeys } from './keys';

/**
 * A role's permissions changed: a holder of that role reloads its session user (menus and guards
 * follow without a reload); open matrices refetch.
 */
export const live: LiveHandlers = {
  'permissions.changed': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: permissionKeys.matrix });
    const user = getSession().user;
    if (!user || user.role !== e.data.role) return;
    fetchMe().then(
      (me) => {
        getSession().setUser(me);
        if (me.role !== 'superuser') toast.info(PERMISSIONS_MSG.changedLive);
      },
      () => undefined,
    );
  },
};
