import type { LiveEvent } from '../common';
import type { ImovelListItem } from './types';

/** The real-estate register's slice of the server → client event map (sent to the municipality room). */
export interface ImovelEvents {
  /** The new property as a list row. */
  'imovel.created': (e: LiveEvent<ImovelListItem>) => void;
  /** The property as a list row (after an edit, or a photo/document change: `version` unchanged then). */
  'imovel.updated': (e: LiveEvent<ImovelListItem>) => void;
  'imovel.deleted': (e: LiveEvent<{ id: number }>) => void;
  /** Many properties at once (import): refetch the list. */
  'imovel.bulk_created': (e: LiveEvent<{ count: number }>) => void;
  /** The custom field definitions changed (created, updated, deleted, reordered): refetch /api/imovel-fields. */
  'imovel_field.changed': (
    e: LiveEvent<{ action: 'created' | 'updated' | 'deleted' | 'reordered'; id: number | null }>,
  ) => void;
}
