import { room } from '@tombo/shared';
import { liveEvent, type ChangeEvent } from '../../db/tx';
import { assetRooms } from '../patrimonios';
import { toTransferencia, type TransferRow } from './presenters';

/**
 * Rooms of a request's events: those who see every asset (`m:<id>:bens`), the `usuario`s of its origin
 * and destination sectors and of the asset's sector now, and the requester — the same people
 * `visibleTo` (queries.ts) lets read it. Never the whole municipality.
 */
export function transferRooms(t: TransferRow, assetSectorId?: number): string[] {
  const sectorIds = [t.originSectorId, t.destinationSectorId, assetSectorId].filter((id): id is number => id != null);
  const rooms = assetRooms(t.municipalityId, ...sectorIds);
  if (t.requesterId != null) rooms.push(room.user(t.requesterId));
  return rooms;
}

/** The live event of a new or decided request. */
export const transferEvent = (
  name: 'transferencia.created' | 'transferencia.updated',
  t: TransferRow,
  assetSectorId?: number,
): ChangeEvent => liveEvent(transferRooms(t, assetSectorId), name, toTransferencia(t));
