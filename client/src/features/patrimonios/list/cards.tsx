import { formatMoney, type PatrimonioListItem } from '@tombo/shared';
import type { PhoneCard, PhoneSort } from '../../../components/register';
import { COLUMN_LABELS } from '../labels';
import { StatusChip } from '../StatusChip';

/** The orders a phone offers (the desktop's column headers sort by any other). */
export const ASSET_PHONE_SORTS: PhoneSort[] = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'descricao_bem:asc', label: 'Descrição (A–Z)' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'valor_aquisicao:asc', label: 'Menor valor' },
  { value: 'data_aquisicao:desc', label: 'Aquisição mais recente' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

export const assetSortLabel = (s: string) => COLUMN_LABELS[s] ?? s;

/** An asset under 768 px. */
export const assetCard = (r: PatrimonioListItem): PhoneCard => ({
  title: r.numero_patrimonio,
  chip: <StatusChip status={r.status} />,
  body: r.descricao_bem,
  meta: `${r.setor_responsavel}${r.local_objeto ? ` · ${r.local_objeto}` : ''}`,
  figure: formatMoney(r.valor_aquisicao),
  // A GEAFIN description runs to 1,500 characters: the card's name is its start (the view reads it whole).
  ariaLabel: `Bem ${r.numero_patrimonio}: ${r.descricao_bem.length > 120 ? `${r.descricao_bem.slice(0, 119)}…` : r.descricao_bem}`,
});
