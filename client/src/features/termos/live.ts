import type { LiveHandlers } from '../../lib/feature';
import { termoKeys } from './keys';

/** A version recorded (by anyone, or by a transfer or a loan return) or its PDF ready: lists refetch. */
export const live: LiveHandlers = {
  'termo.changed': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: termoKeys.all }),
};
