import { formatDate, formatDecimal, formatNumber, type ImovelField } from '@tombo/shared';

/** A stored area ("1234.50") as shown: "1.234,50 m²"; '—' when there is none. */
export const formatArea = (v: string | null | undefined) => (v == null || v === '' ? '—' : `${formatDecimal(v, 2)} m²`);

/** A custom field's stored value as text ('' when empty). */
export function customText(f: ImovelField, v: unknown): string {
  if (v == null || v === '') return '';
  if (f.type === 'BOOLEAN') return v === true || v === 'true' ? 'Sim' : 'Não';
  if (f.type === 'DATE' && typeof v === 'string') return formatDate(v);
  if (f.type === 'NUMBER' && typeof v === 'number') return formatNumber(v);
  return String(v);
}
