import { ESTADO_CONSERVACAO_LABELS, loanToday, type EmprestimoListItem } from '@tombo/shared';

/** Calendar days from `from` to `to` ('yyyy-MM-dd'). */
function daysBetween(from: string, to: string): number {
  const t = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
  return Math.round((t(to) - t(from)) / 86_400_000);
}

/** How the due date stands for an open loan ('vence amanhã', '3 dias de atraso'); null once returned. */
export function dueHint(l: Pick<EmprestimoListItem, 'status' | 'dataPrevistaDevolucao'>, today = loanToday()) {
  if (l.status === 'devolvido') return null;
  const d = daysBetween(today, l.dataPrevistaDevolucao);
  if (d < 0) return `${-d} ${d === -1 ? 'dia' : 'dias'} de atraso`;
  if (d === 0) return 'vence hoje';
  if (d === 1) return 'vence amanhã';
  return `vence em ${d} dias`;
}

/** Who has the asset: the person and, when lent for another sector, that sector. */
export const borrower = (l: EmprestimoListItem) =>
  l.setorDestino ? `${l.tomadorNome} · ${l.setorDestino}` : l.tomadorNome;

/** 'Bom', 'Regular'… of a return. */
export const estadoLabel = (e: EmprestimoListItem['estadoDevolucao']) => (e ? ESTADO_CONSERVACAO_LABELS[e] : '—');
