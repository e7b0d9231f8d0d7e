import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { MSG } from '@tombo/shared';

/** pt-BR formatting helpers (spec §1, §9): dd/MM/yyyy, week starting on Sunday, BRL. */
export const DATE_LOCALE = ptBR;
export const WEEK_STARTS_ON = 0 as const;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR');

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : MSG.dates.invalid;
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : MSG.dates.invalid;
}

/** Relative form, e.g. 'há 5 minutos'. */
export function formatRelative(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { locale: ptBR, addSuffix: true }) : MSG.dates.invalid;
}

export function formatCurrency(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return n == null || Number.isNaN(n) ? brl.format(0) : brl.format(n);
}

export function formatNumber(value: number): string {
  return decimal.format(value);
}

/** Initials of a name for avatar fallbacks ('Maria da Silva' → 'MS'). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((p) => p.length > 2 || /^[A-ZÀ-Ý]/.test(p));
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
