import { useCallback, useMemo } from 'react';
import { canOpenPath, menuFor, bottomBarFor, type MenuGroup, type MenuItem, type Permission } from '@tombo/shared';
import { useSession } from './session';

/**
 * The one permission check of the screens: `can('bens:create')`. It reads the session user's permissions, which
 * the server keeps current (`session.permissions`), so whatever uses it re-renders when the superuser changes them.
 */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useSession((s) => s.user?.permissions);
  return useCallback((permission: Permission) => !!permissions?.includes(permission), [permissions]);
}

/** Whether the signed-in user may open a screen of the route table now (its role's, with its permission). */
export function useCanOpen(): (path: string) => boolean {
  const user = useSession((s) => s.user);
  return useCallback((path: string) => !!user && canOpenPath(path, user), [user]);
}

/** The signed-in user's sidebar groups (their role's menu without what they may not open now). */
export function useMenu(): MenuGroup[] {
  const user = useSession((s) => s.user);
  return useMemo(() => menuFor(user), [user]);
}

/** The phone bottom bar's entries the signed-in user may open. */
export function useBottomBar(): MenuItem[] {
  const user = useSession((s) => s.user);
  return useMemo(() => (user ? bottomBarFor(user) : []), [user]);
}
