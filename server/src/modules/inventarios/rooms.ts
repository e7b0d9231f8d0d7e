import { room, type InventarioListItem } from '@tombo/shared';
import { liveEvent, type ChangeEvent } from '../../db/tx';

/**
 * Rooms of an inventory's list events: those who list every inventory of the municipality, the
 * `usuario`s of its sector (their sector room) and the commission members (their own rooms).
 */
export function listRooms(municipalityId: number, sectorId: number, memberIds: readonly (number | null)[]): string[] {
  return [
    room.inventarios(municipalityId),
    room.sectorAssets(municipalityId, sectorId),
    ...[...new Set(memberIds)].filter((id): id is number => id != null).map((id) => room.user(id)),
  ];
}

/** An edited or finalized inventory: to its counting room and to those who list it. */
export const inventarioUpdated = (m: number, item: InventarioListItem, formerMemberIds: number[] = []): ChangeEvent =>
  liveEvent(
    [room.inventario(item.id), ...listRooms(m, item.sectorId, [...item.comissao.map((c) => c.id), ...formerMemberIds])],
    'inventario.updated',
    item,
  );
