import type { LiveHandlers } from '../../lib/feature';
import { securityKeys } from './keys';

/** A policy change refetches the screen and every open session's idle timeout. */
export const live: LiveHandlers = {
  'securityPolicy.changed': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: securityKeys.all }),
};
