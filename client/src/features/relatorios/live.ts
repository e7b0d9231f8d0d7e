import type { LiveHandlers } from '../../lib/feature';
import { relatorioKeys } from './keys';

/** A template created, changed or deleted by anyone of the municipality: lists and editors refetch. */
export const live: LiveHandlers = {
  'reportTemplate.changed': (_e, { queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: relatorioKeys.templates }),
};
