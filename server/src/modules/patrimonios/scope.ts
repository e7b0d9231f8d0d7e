import type { Principal } from '../../auth/principal';
import { SECTOR_RESTRICTED_ROLES, room } from '@tombo/shared';
import { forbidden } from '../../http/errors';

/** Which assets a signed-in user may see and change: `usuario` only those of their own sectors. */
export interface Scope {
  municipalityId: number;
  /** null = every sector of the municipality. */
  sectorIds: number[] | null;
}

export function scopeOf(p: Principal): Scope {
  if (p.municipalityId == null) throw forbidden();
  return { municipalityId: p.municipalityId, sectorIds: SECTOR_RESTRICTED_ROLES.includes(p.role) ? p.sectorIds : null };
}

export const inScope = (scope: Scope, sectorId: number) =>
  scope.sectorIds == null || scope.sectorIds.includes(sectorId);

/**
 * Rooms of an asset event: everyone who sees all the municipality's assets, plus those restricted to
 * the asset's sector(s) — never the whole municipality, so a usuario gets nothing of other sectors.
 */
export function assetRooms(municipalityId: number, ...sectorIds: number[]): string[] {
  return [room.assets(municipalityId), ...[...new Set(sectorIds)].map((id) => room.sectorAssets(municipalityId, id))];
}
