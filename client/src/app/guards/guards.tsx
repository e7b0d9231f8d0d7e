import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROLE_HOME, type Role } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
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

/** A route's role list: a role not allowed goes to its home. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const user = useSession((s) => s.user);
  if (!user) return null;
  if (!roles.includes(user.role)) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return <>{children}</>;
}
