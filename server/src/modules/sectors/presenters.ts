import type { Sector } from '@tombo/shared';
import type { sectors } from '../../db/schema';

export type SectorRow = typeof sectors.$inferSelect;

/** Row → API shape of a sector (HTTP, events and exports). */
export const presentSector = (r: SectorRow, locaisCount: number): Sector => ({
  id: r.id,
  name: r.name,
  code: r.code,
  municipalityId: r.municipalityId,
  locaisCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
