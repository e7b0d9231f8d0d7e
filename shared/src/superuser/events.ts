import type { LiveEvent } from '../common';
import type { Municipality } from './types';

/** The superuser area's slice of the event map (room `su`). */
export interface SuperuserEvents {
  /** A municipality was created, edited, deactivated or reactivated. */
  'municipality.changed': (e: LiveEvent<Municipality>) => void;
  /** The installation-wide public search switch changed. */
  'publicSearch.changed': (e: LiveEvent<{ municipalityId: number | null; isPublicSearchEnabled: boolean }>) => void;
}
