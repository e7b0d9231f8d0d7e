import type { LiveEvent } from '../common';

/** Live events of depreciation, to the municipality room. */
export interface DepreciacaoEvents {
  /** A revaluation, impairment or reversal was recorded: the asset's schedule changed. */
  'depreciacao.evento': (e: LiveEvent<{ patrimonioId: number }>) => void;
}
