import type { LiveEvent } from '../common';
import type { Sector } from './types';

/** The sectors' slice of the server → client event map. */
export interface SectorEvents {
  'sector.created': (e: LiveEvent<Sector>) => void;
  'sector.updated': (e: LiveEvent<Sector>) => void;
  'sector.deleted': (e: LiveEvent<{ id: number }>) => void;
}
