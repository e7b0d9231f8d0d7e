import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { usersKeys } from './keys';

/** Any user change refetches the list (the signed-in user's own record is auth's, see auth/live.ts). */
const usersChanged = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: usersKeys.list });

export const live: LiveHandlers = {
  'user.created': usersChanged,
  'user.updated': usersChanged,
  'user.deleted': usersChanged,
  'user.twoFactor': usersChanged,
  'user.password': usersChanged,
};
