import type { LiveEvent } from '../common';
import type { Local } from './types';

/** The locations' slice of the server → client event map. */
export interface LocalEvents {
  'local.created': (e: LiveEvent<Local>) => void;
  'local.updated': (e: LiveEvent<Local>) => void;
  'local.deleted': (e: LiveEvent<{ id: number }>) => void;
}
