import type { LiveHandlers } from '../../lib/feature';
import { auditKeys } from './keys';

/** A new entry refetches the pages on screen (their order and totals shift). */
export const live: LiveHandlers = {
  'audit.created': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
};
