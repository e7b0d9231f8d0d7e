import type { LiveEvent } from '../common';

/** Live events of depreciation, to the municipality room. */
export interface DepreciacaoEvents {
  /** A revaluation, impairment or reversal was recorded: the asset's schedule changed. */
  'depreciacao.evento': (e: LiveEvent<{ patrimonioId: number }>) => void;
  /**
   * A month was closed (or failed to close) or reopened: the figures and the closed months changed; 'bloqueado':
   * its accounting deadline passed (it can no longer be reopened).
   */
  'depreciacao.fechamento': (
    e: LiveEvent<{ competencia: string; status: 'concluido' | 'falhou' | 'reaberto' | 'bloqueado' }>,
  ) => void;
}
