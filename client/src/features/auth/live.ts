import { PERMISSIONS_MSG } from '@tombo/shared';
import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { getSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { fetchMe, logout } from './api';

/** A change to the signed-in user (role, sectors, name) refreshes the session's copy. */
const selfChanged = (e: { data: { id: number } }, { userId }: LiveContext) => {
  if (e.data.id !== userId) return;
  fetchMe().then(
    (me) => getSession().setUser(me),
    () => undefined,
  );
};

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const live: LiveHandlers = {
  // The server re-derived what this user may do: menus, route guards and buttons (useCan) follow at once.
  'session.permissions': (e) => {
    const { user, applyAccess } = getSession();
    if (!user) return;
    const changed = !sameList(user.permissions, e.data.permissions);
    applyAccess(e.data);
    if (changed) toast.notice(PERMISSIONS_MSG.changedLive);
  },
  'user.created': selfChanged,
  'user.updated': selfChanged,
  'user.deleted': selfChanged,
  // The server ended this session (password changed elsewhere, user removed): sign out here too.
  'session.revoked': () => void logout(true),
};
