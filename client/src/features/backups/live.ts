import type { LiveHandlers } from '../../lib/feature';
import { backupKeys } from './keys';

/** A backup was queued, progressed, finished or removed: the open lists refetch. */
export const live: LiveHandlers = {
  'backup.changed': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: backupKeys.all }),
};
