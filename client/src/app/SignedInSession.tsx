import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../features/auth';
import { useIdleTimeoutMs } from '../features/security';
import { useLiveSync } from './useLiveSync';
import { useIdleTimeout } from './hooks/useIdleTimeout';
import { preloadToastArea } from './providers/Toaster';

/**
 * What runs for the whole signed-in session: the live socket with every area's handlers and the idle logout.
 * A chunk of its own (rendered by AppRoot once signed in), so the login route never downloads it.
 */
export default function SignedInSession({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const onIdle = useCallback(() => {
    void logout(true);
    navigate('/login?sessionExpired=1', { replace: true, state: { sessionExpired: true } });
  }, [navigate]);
  useIdleTimeout(true, onIdle, useIdleTimeoutMs());
  useLiveSync(userId);
  // The toast area's chunk, ahead of the first toast: a job started here may finish (its own toast) before
  // the chunk would have loaded, and the first toast ('Backup iniciado.') would never be drawn.
  useEffect(() => void preloadToastArea(), []);
  return null;
}
