import type { LiveEvent } from '../common';

/** The customization's slice of the server → client event map. */
export interface CustomizationEvents {
  'customization.updated': (e: LiveEvent<{ scope: 'global' | 'municipality' }>) => void;
}
