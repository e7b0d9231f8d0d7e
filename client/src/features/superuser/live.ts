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

/**
 * A busy queue sends many `job.changed`: the dashboard refetches at most once per QUEUE_REFETCH_MS, after
 * the first event of a burst, so the figures follow the queue without a query per event.
 */
const QUEUE_REFETCH_MS = 1000;
let queueTimer: ReturnType<typeof setTimeout> | null = null;
const queueChanged = (_e: unknown, ctx: LiveContext) => {
  if (queueTimer) return;
  queueTimer = setTimeout(() => {
    queueTimer = null;
    void ctx.queryClient.invalidateQueries({ queryKey: superuserKeys.dashboard });
  }, QUEUE_REFETCH_MS);
};

export const live: LiveHandlers = {
  'job.changed': queueChanged,
  'municipality.changed': municipalities,
  'publicSearch.changed': refetch(superuserKeys.publicSearch),
  'user.created': users,
  'user.updated': users,
  'user.deleted': users,
  'user.twoFactor': users,
  'user.password': users,
  // A backup that finished (or a restore) changes the dashboard's "Último backup".
  'backup.changed': refetch(superuserKeys.dashboard),
};
