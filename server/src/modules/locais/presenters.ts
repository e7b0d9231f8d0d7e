import type { Local } from '@tombo/shared';
import type { locais } from '../../db/schema';

export type LocalRow = typeof locais.$inferSelect;

/** Row → API shape of a location (HTTP, events and exports). */
export const presentLocal = (r: LocalRow, sectorName: string): Local => ({
  id: r.id,
  name: r.name,
  sectorId: r.sectorId,
  sectorName,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
