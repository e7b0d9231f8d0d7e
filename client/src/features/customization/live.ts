import type { LiveHandlers } from '../../lib/feature';
import { customizationKeys } from './keys';

/** A saved customization refetches every scope (branding, theme, login screen). */
export const live: LiveHandlers = {
  'customization.updated': (_e, { queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: customizationKeys.all }),
};
