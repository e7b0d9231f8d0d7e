import type { LiveEvent } from '../common';

/** The security area's slice of the server → client event map. */
export interface SecurityEvents {
  /** The municipality's policy changed (idle timeout, password rules): clients refetch it. */
  'securityPolicy.changed': (e: LiveEvent<{ version: number }>) => void;
}
