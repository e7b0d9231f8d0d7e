import { room } from '@tombo/shared';
import { liveEvent, type ChangeEvent } from '../../db/tx';
import { toImovelListItem, type ImovelRow } from './presenters';

/** Every user of the municipality reads its properties: the events go to the municipality room. */
export const imovelChanged = (r: ImovelRow, name: 'imovel.created' | 'imovel.updated'): ChangeEvent =>
  liveEvent(room.municipality(r.municipalityId), name, toImovelListItem(r));
export const imovelDeleted = (r: Pick<ImovelRow, 'id' | 'municipalityId'>): ChangeEvent =>
  liveEvent(room.municipality(r.municipalityId), 'imovel.deleted', { id: r.id });
