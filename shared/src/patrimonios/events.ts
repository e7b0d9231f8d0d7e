import type { LiveEvent } from '../common';
import type { PatrimonioListItem } from './types';

/** What a room that lost sight of an asset (moved out of a usuario's sector) is told instead of the asset. */
export interface PatrimonioRemoved {
  id: number;
  removed: true;
}
/** True when a `patrimonio.updated` payload says the asset is no longer visible to this room. */
export const isPatrimonioRemoved = (data: PatrimonioListItem | PatrimonioRemoved): data is PatrimonioRemoved =>
  'removed' in data && data.removed === true;

/** The asset register's slice of the server → client event map. */
export interface PatrimonioEvents {
  /** The new asset as a list row (no history, no files). */
  'patrimonio.created': (e: LiveEvent<PatrimonioListItem>) => void;
  /** The asset as a list row; a room that no longer sees it (moved out of its sector) gets `{ id, removed: true }`. */
  'patrimonio.updated': (e: LiveEvent<PatrimonioListItem | PatrimonioRemoved>) => void;
  'patrimonio.deleted': (e: LiveEvent<{ id: number; sectorId: number }>) => void;
  /** Many assets at once (bulk creation, import): refetch the list. */
  'patrimonio.bulk_created': (
    e: LiveEvent<{ count: number; source: 'lote' | 'import'; first: string; last: string; sectorIds: number[] }>,
  ) => void;
}
