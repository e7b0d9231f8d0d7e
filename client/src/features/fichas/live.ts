import type { LiveHandlers } from '../../lib/feature';
import { fichaKeys } from './keys';

/** A template created, changed or deleted by anyone of the municipality: lists and editors refetch. */
export const live: LiveHandlers = {
  'fichaTemplate.changed': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: fichaKeys.all }),
};
