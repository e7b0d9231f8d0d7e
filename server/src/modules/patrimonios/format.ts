import {
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUS_LABELS,
  type EstadoConservacao,
  type PatrimonioStatus,
} from '@tombo/shared';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** "1234.50" → "R$ 1.234,50" (display only; the value itself is never turned into a float for math). */
export const moneyBR = (v: string) => brl.format(Number(v)).replace(/\u00a0/g, ' ');
export const dateBR = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const statusLabel = (s: string) => PATRIMONIO_STATUS_LABELS[s as PatrimonioStatus] ?? s;
export const estadoLabel = (s: string | null) => (s ? (ESTADO_CONSERVACAO_LABELS[s as EstadoConservacao] ?? s) : null);
export const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : `'${String(v)}'`;
