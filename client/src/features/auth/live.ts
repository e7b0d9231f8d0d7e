import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { getSession } from '../../lib/session';
import { fetchMe, logout } from './api';

/** A change to the signed-in user (role, sectors, name) refreshes the session's copy. */
const selfChanged = (e: { data: { id: number } }, { userId }: LiveContext) => {
  if (e.data.id !== userId) return;
  fetchMe().then(
    (me) => getSession().setUser(me),
    () => undefined,
  );
};

export const live: LiveHandlers = {
  'user.created': selfChanged,
  'user.updated': selfChanged,
  'user.deleted': selfChanged,
  // The server ended this session (password changed elsewhere, user removed): sign out here too.
  'session.revoked': () => void logout(true),
};
