import {
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUS_LABELS,
  formatDate,
  formatMoney,
  type EstadoConservacao,
  type PatrimonioStatus,
} from '@tombo/shared';

/** "1234.50" → "R$ 1.234,50" with a plain space (display only; the value itself is never turned into a float for math). */
export const moneyBR = (v: string) => formatMoney(v, { plainSpace: true });
/** 'yyyy-MM-dd' → 'dd/MM/yyyy' (a value that is not a date is written as it is). */
export const dateBR = (iso: string) => formatDate(iso, { invalid: iso });
export const statusLabel = (s: string) => PATRIMONIO_STATUS_LABELS[s as PatrimonioStatus] ?? s;
export const estadoLabel = (s: string | null) => (s ? (ESTADO_CONSERVACAO_LABELS[s as EstadoConservacao] ?? s) : null);
export const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : `'${String(v)}'`;
