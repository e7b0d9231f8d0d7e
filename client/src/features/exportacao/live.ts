import type { LiveHandlers } from '../../lib/feature';
import { exportKeys } from './queries';

/** A template created, changed or deleted by anyone of the municipality: lists and editors refetch. */
export const live: LiveHandlers = {
  'exportTemplate.changed': (_e, { queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
};
