import { Suspense, lazy, useState } from 'react';
import { useToastStore } from '../../lib/toast';

// Snackbar and Alert load with the first toast, or once signed in (SignedInSession preloads them): the login
// route does not download them to draw itself.
export const preloadToastArea = () => import('./ToastArea');
const ToastArea = lazy(preloadToastArea);

/** Mounts the toast area at the first toast and keeps it (its Snackbar animates the next ones in and out). */
export function Toaster() {
  const toasted = useToastStore((s) => s.current != null);
  const [mounted, setMounted] = useState(false);
  if (toasted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}
