import type { LiveEvent } from '../common';

/** Live events of the record-sheet templates (the municipality's room): lists refetch. */
export interface FichaEvents {
  'fichaTemplate.changed': (e: LiveEvent<{ id: number; removed?: boolean }>) => void;
}
