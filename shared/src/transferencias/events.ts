import type { LiveEvent } from '../common';
import type { Transferencia } from './types';

/**
 * Sent to the rooms that see the request: `m:<id>:bens` (those who see every asset), the origin and
 * destination sectors' rooms (`usuario`s of those sectors) and the requester's own room.
 */
export interface TransferEvents {
  'transferencia.created': (e: LiveEvent<Transferencia>) => void;
  /** Decided (approved or rejected). */
  'transferencia.updated': (e: LiveEvent<Transferencia>) => void;
}
