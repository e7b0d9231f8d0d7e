import { useCallback, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { bootstrapSession, logout } from '../features/auth';
import { useIdleTimeoutMs } from '../features/security';
import { useLiveSync } from './useLiveSync';
import { usePublicLiveSync } from './usePublicLiveSync';
import { useIdleTimeout } from './hooks/useIdleTimeout';
import { useDocumentBranding } from './hooks/useDocumentBranding';

/**
 * Root of every route: restores the session, keeps the live socket (the anonymous one when signed out),
 * the idle logout and the browser title/favicon. Layouts and guards render below it.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const userId = useSession((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));

  useEffect(() => {
    void bootstrapSession();
  }, []);

  const onIdle = useCallback(() => {
    void logout(true);
    navigate('/login?sessionExpired=1', { replace: true, state: { sessionExpired: true } });
  }, [navigate]);
  useIdleTimeout(status === 'authenticated', onIdle, useIdleTimeoutMs());

  useLiveSync(userId);
  usePublicLiveSync(status === 'anonymous');
  useDocumentBranding();

  return <Outlet />;
}
