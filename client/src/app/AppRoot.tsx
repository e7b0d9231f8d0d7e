import { Suspense, lazy, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { bootstrapSession } from '../features/auth';
import { usePublicLiveSync } from './usePublicLiveSync';
import { useDocumentBranding } from './hooks/useDocumentBranding';

const SignedInSession = lazy(() => import('./SignedInSession'));

/**
 * Root of every route: restores the session, keeps the browser title/favicon and, signed out, the anonymous
 * socket; signed in, the session's live socket and idle logout (loaded then). Layouts and guards render below it.
 */
export function AppRoot() {
  const status = useSession((s) => s.status);
  const userId = useSession((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));

  useEffect(() => {
    void bootstrapSession();
  }, []);

  usePublicLiveSync(status === 'anonymous');
  useDocumentBranding();

  return (
    <>
      {userId != null && (
        <Suspense fallback={null}>
          <SignedInSession userId={userId} />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
