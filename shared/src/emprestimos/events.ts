import type { LiveEvent } from '../common';
import type { EmprestimoListItem } from './types';

/** Sent to the rooms that see the asset (`m:<id>:bens` and the asset's sector room), never the whole municipality. */
export interface EmprestimoEvents {
  'emprestimo.created': (e: LiveEvent<EmprestimoListItem>) => void;
  /** Returned, or found overdue by the daily job. */
  'emprestimo.updated': (e: LiveEvent<EmprestimoListItem>) => void;
}
