import type { LiveHandlers } from '../../lib/feature';
import { etiquetaKeys } from './keys';

/** A template created, changed or deleted by anyone of the municipality: lists and editors refetch. */
export const live: LiveHandlers = {
  'labelTemplate.changed': (_e, { queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: etiquetaKeys.templates }),
};
