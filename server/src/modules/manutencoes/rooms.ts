import { room, type Manutencao } from '@tombo/shared';
import { liveEvent } from '../../db/tx';

/** Maintenance events go to the whole municipality (every role reads properties). */
export const manutencaoEvent = (
  municipalityId: number,
  name: 'manutencao.created' | 'manutencao.updated',
  item: Manutencao,
) => liveEvent(room.municipality(municipalityId), name, item, municipalityId);

export const manutencaoDeleted = (municipalityId: number, id: number, imovelId: number) =>
  liveEvent(room.municipality(municipalityId), 'manutencao.deleted', { id, imovelId }, municipalityId);
