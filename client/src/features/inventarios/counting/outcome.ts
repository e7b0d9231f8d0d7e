import { LEITURA_RESULTADO_LABELS, type LeituraResultado } from '@tombo/shared';

/** A line of "últimas leituras": a server outcome, or a reading of this phone still waiting / refused. */
export type FeedOutcome = LeituraResultado | 'pendente' | 'recusada';

export interface FeedEntry {
  id: string;
  numero: string | null;
  outcome: FeedOutcome;
  descricao: string | null;
  local: string | null;
  lidoPorNome: string | null;
  lidoEm: string;
  message?: string;
  mine?: boolean;
}

type Color = 'success' | 'warning' | 'info' | 'error' | 'secondary' | 'default';

/** Colour and words of each outcome (always both: colour is never the only signal). */
export const OUTCOME: Record<FeedOutcome, { color: Color; label: string }> = {
  found: { color: 'success', label: LEITURA_RESULTADO_LABELS.found },
  local_divergente: { color: 'warning', label: LEITURA_RESULTADO_LABELS.local_divergente },
  duplicada: { color: 'info', label: LEITURA_RESULTADO_LABELS.duplicada },
  nao_inventariado: { color: 'secondary', label: LEITURA_RESULTADO_LABELS.nao_inventariado },
  nao_cadastrado: { color: 'error', label: LEITURA_RESULTADO_LABELS.nao_cadastrado },
  pendente: { color: 'default', label: 'Aguardando envio' },
  recusada: { color: 'error', label: 'Recusada' },
};

/** Alert severity of an outcome (the big result box after a reading). */
export const severityOf = (o: FeedOutcome): 'success' | 'warning' | 'info' | 'error' =>
  o === 'found'
    ? 'success'
    : o === 'local_divergente' || o === 'nao_inventariado'
      ? 'warning'
      : o === 'duplicada' || o === 'pendente'
        ? 'info'
        : 'error';

/** Keeps the newest `max` entries, one per reading id (a later answer replaces "aguardando envio"). */
export function mergeFeed(current: FeedEntry[], incoming: FeedEntry[], max = 60): FeedEntry[] {
  const byId = new Map(current.map((e) => [e.id, e]));
  for (const e of incoming) {
    const old = byId.get(e.id);
    // A late "aguardando envio" never hides the server's answer.
    if (old && e.outcome === 'pendente' && old.outcome !== 'pendente') continue;
    byId.set(e.id, old ? { ...old, ...e, numero: e.numero ?? old.numero, descricao: e.descricao ?? old.descricao } : e);
  }
  return [...byId.values()].sort((a, b) => (a.lidoEm < b.lidoEm ? 1 : a.lidoEm > b.lidoEm ? -1 : 0)).slice(0, max);
}
