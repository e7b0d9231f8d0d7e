import { TRANSFER_MSG, TRANSFER_STATUS_LABELS, TRANSFER_TYPE_LABELS } from '@tombo/shared';
import type { FilterDef, FilterOption, ListParams, UrlShape } from '../../components/register';
import { sortByName, useSectors } from '../sectors';
import type { TransferParams } from './api';

/** The list's and the report's filters, kept in the URL (shareable, and back/forward restore them). */
export const FILTER_KEYS = ['type', 'status', 'sectorId', 'dataDe', 'dataAte', 'numero'] as const;

/** Status choices for the decided tab, and for every status. */
export const DECIDED_STATUSES: FilterOption[] = [
  { value: 'aprovada', label: TRANSFER_STATUS_LABELS.aprovada },
  { value: 'rejeitada', label: TRANSFER_STATUS_LABELS.rejeitada },
];
export const ALL_STATUSES: FilterOption[] = [
  { value: 'pendente', label: TRANSFER_STATUS_LABELS.pendente },
  ...DECIDED_STATUSES,
];
const TYPES: FilterOption[] = Object.entries(TRANSFER_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export const TRANSFER_TAB_LABELS: Record<string, string> = {
  pendentes: 'Pendentes',
  decididas: 'Decididas',
  todas: 'Todas',
};
export const TRANSFER_EMPTY: Record<string, string> = {
  pendentes: 'Nenhuma solicitação pendente.',
  decididas: 'Nenhuma solicitação decidida.',
  todas: 'Nenhuma solicitação encontrada.',
};

/** The list's URL: the tab as `aba` (none = pending); another tab empties the status, whose choices differ. */
export const TRANSFER_SHAPE: UrlShape = {
  sorts: ['dataSolicitacao'],
  defaultSort: 'dataSolicitacao',
  filterKeys: FILTER_KEYS,
  tab: { key: 'aba', values: Object.keys(TRANSFER_TAB_LABELS), resets: ['status'] },
};

/** The API query of the list's: the tab and the chosen status as one `status`; the list has one order. */
export function transferQuery({ aba, status, sort: _sort, order: _order, ...rest }: ListParams): TransferParams {
  const s = aba === 'decididas' ? (status ?? 'aprovada,rejeitada') : aba === 'todas' ? status : 'pendente';
  return s ? { ...rest, status: s } : rest;
}

/** Filters by type, status (per tab), sector, request period (dd/mm/aaaa) and asset number. */
export function useTransferFilters(_draft: Record<string, string>, tab: string): FilterDef[] {
  const sectors = sortByName(useSectors().data?.sectors ?? []).map((x) => ({ value: String(x.id), label: x.name }));
  const statuses = tab === 'decididas' ? DECIDED_STATUSES : tab === 'todas' ? ALL_STATUSES : [];
  return [
    { key: 'type', label: 'Tipo', kind: 'select', options: TYPES },
    ...(statuses.length ? [{ key: 'status', label: 'Status', kind: 'select' as const, options: statuses }] : []),
    { key: 'sectorId', label: 'Setor', kind: 'select', options: sectors },
    { key: 'dataDe', label: 'Solicitado de', kind: 'date' },
    { key: 'dataAte', label: 'Solicitado até', kind: 'date' },
    { key: 'numero', label: 'Nº do bem', kind: 'text' },
  ];
}

/** A period that ends before it starts. */
export const checkPeriod = (v: Record<string, string>): Record<string, string> =>
  v.dataDe && v.dataAte && v.dataDe > v.dataAte ? { dataAte: TRANSFER_MSG.periodInvalid } : {};
