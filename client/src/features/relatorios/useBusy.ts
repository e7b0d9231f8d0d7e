import { useState } from 'react';
import { toast } from '../../lib/toast';

/** A busy flag and `run(fn)`: runs an async action once at a time, showing a failure as the error toast. */
export function useBusy(): [boolean, (fn: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
