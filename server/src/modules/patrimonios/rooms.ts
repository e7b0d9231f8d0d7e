import { room } from '@tombo/shared';
import { liveEvent, type ChangeEvent } from '../../db/tx';
import { toListItem, type Row } from './presenters';

/**
 * Rooms of an asset event: everyone who sees all the municipality's assets, plus those restricted to
 * the asset's sector(s) — never the whole municipality, so a usuario gets nothing of other sectors.
 */
export function assetRooms(municipalityId: number, ...sectorIds: number[]): string[] {
  return [room.assets(municipalityId), ...[...new Set(sectorIds)].map((id) => room.sectorAssets(municipalityId, id))];
}

/**
 * The events of a changed asset: its list item to the rooms that see it now and, when it left a
 * sector, `{ id, removed: true }` to that sector's room (its usuarios lost sight of it).
 */
export function assetChanged(row: Row, previousSectorId = row.sectorId): ChangeEvent[] {
  const events = [liveEvent(assetRooms(row.municipalityId, row.sectorId), 'patrimonio.updated', toListItem(row))];
  if (previousSectorId !== row.sectorId) {
    const lost = room.sectorAssets(row.municipalityId, previousSectorId);
    events.push(liveEvent(lost, 'patrimonio.updated', { id: row.id, removed: true }));
  }
  return events;
}
