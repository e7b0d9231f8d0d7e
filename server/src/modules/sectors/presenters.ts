import type { Sector } from '@tombo/shared';
import { isoOf } from '../../db/columns';
import type { sectors } from '../../db/schema';

export type SectorRow = typeof sectors.$inferSelect;
/** A sector as the list reads it: its timestamps as node-postgres' text (no `Date` made and written back). */
export type SectorTextRow = Omit<SectorRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** Row → API shape of a sector (HTTP, events and exports). */
export const presentSector = (r: SectorRow | SectorTextRow, locaisCount: number): Sector => ({
  id: r.id,
  name: r.name,
  code: r.code,
  municipalityId: r.municipalityId,
  locaisCount,
  createdAt: isoOf(r.createdAt),
  updatedAt: isoOf(r.updatedAt),
  version: r.version,
});
