import type { LiveHandlers } from '../../lib/feature';
import { permissionKeys } from './keys';

/**
 * A role's permissions changed (room `su`): open matrices refetch. The holders' own sessions follow through
 * `session.permissions` (features/auth/live.ts).
 */
export const live: LiveHandlers = {
  'permissions.changed': (_e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: permissionKeys.matrix });
  },
};
