import type { LiveEvent } from '../common';
import type { Comissao } from './types';

/** The commissions' slice of the server → client event map. */
export interface ComissaoEvents {
  'comissao.changed': (e: LiveEvent<Comissao>) => void;
}
