import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROLE_HOME, canOpenRoute, roleListed, type MainRoute } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { NoPermission } from './NoPermission';
import type { LoginLocationState } from '../../features/auth';

function ToLogin() {
  const location = useLocation();
  const expired = useSession((s) => s.expired);
  const state: LoginLocationState = {
    from: location.pathname + location.search + location.hash,
    sessionExpired: expired,
  };
  return <Navigate to={expired ? '/login?sessionExpired=1' : '/login'} replace state={state} />;
}

/** Main area: signed-in non-superusers only (spec §2.2). */
export function RequireMainArea({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  if (status === 'loading') return <FullScreenSpinner />;
  if (!user) return <ToLogin />;
  if (user.role === 'superuser') return <Navigate to={ROLE_HOME.superuser} replace />;
  return <>{children}</>;
}

/** /superuser paths: superuser only; anyone else signed in goes to /. */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  if (status === 'loading') return <FullScreenSpinner />;
  if (!user) return <ToLogin />;
  if (user.role !== 'superuser') return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * A route of the table, opened by `canOpenRoute` (role list and permission, shared `routes.ts`). Otherwise a role
 * whose screens these are not goes to its home (spec §2.3), and one whose permissions no longer include what the
 * screen needs sees 'sem permissão' in place, and the screen again once the permission is restored.
 */
export function RequireRoute({ route, children }: { route: MainRoute; children: ReactNode }) {
  const user = useSession((s) => s.user);
  if (!user) return null;
  if (canOpenRoute(route, user)) return <>{children}</>;
  if (!roleListed(route, user)) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return <NoPermission title={route.title} />;
}
