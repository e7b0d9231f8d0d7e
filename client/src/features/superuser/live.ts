import type { QueryKey } from '@tanstack/react-query';
import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { superuserKeys } from './keys';

const refetch =
  (...keys: QueryKey[]) =>
  (_e: unknown, { queryClient }: LiveContext) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

// Only the superusers' sockets are in the room of these events; user.* reach municipal screens too,
// where these keys are simply not cached.
const municipalities = refetch(superuserKeys.municipalities, superuserKeys.dashboard, superuserKeys.publicSearch);
const users = refetch(superuserKeys.users, superuserKeys.dashboard, superuserKeys.assetsByUser);

export const live: LiveHandlers = {
  'municipality.changed': municipalities,
  'publicSearch.changed': refetch(superuserKeys.publicSearch),
  'user.created': users,
  'user.updated': users,
  'user.deleted': users,
  // A backup that finished (or a restore) changes the dashboard's "Último backup".
  'backup.changed': refetch(superuserKeys.dashboard),
};
