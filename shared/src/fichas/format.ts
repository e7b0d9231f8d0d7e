import { formatDate } from '../format/dates';
import { formatMoney } from '../format/money';
import { ESTADO_CONSERVACAO_LABELS, PATRIMONIO_STATUS_LABELS } from '../patrimonios/messages';
import type { Patrimonio } from '../patrimonios/types';
import { formatCnpj } from '../superuser/schemas';
import type { FichaField } from './schemas';

/** The printed value of one standard field of an asset on a record sheet (PDF and the editor's preview). */
export function fichaFieldValue(a: Patrimonio, f: FichaField): string {
  switch (f) {
    case 'status':
      return PATRIMONIO_STATUS_LABELS[a.status] ?? a.status;
    case 'estado_conservacao':
      return a.estado_conservacao ? ESTADO_CONSERVACAO_LABELS[a.estado_conservacao] : '—';
    case 'valor_aquisicao':
      return formatMoney(a.valor_aquisicao);
    case 'data_aquisicao':
    case 'notaFiscalData':
    case 'dataBaixa':
      return a[f] ? formatDate(a[f]) : '—';
    case 'fornecedorCnpj':
      return a.fornecedorCnpj ? formatCnpj(a.fornecedorCnpj) : '—';
    case 'quantidade':
      return String(a.quantidade);
    default: {
      const v = a[f];
      return v == null || v === '' ? '—' : String(v);
    }
  }
}

/** A custom field's value as printed. */
export const fichaCustomValue = (v: unknown): string =>
  v == null || v === ''
    ? '—'
    : typeof v === 'boolean'
      ? v
        ? 'Sim'
        : 'Não'
      : Array.isArray(v)
        ? v.join(', ')
        : String(v);
