import { SITUACOES_IMOVEL, SITUACAO_IMOVEL_LABELS, UTILIZACOES_SUGERIDAS, type ImovelListItem } from '@tombo/shared';
import type { FilterDef, PhoneCard, PhoneSort } from '../../../components/register';
import { sortByName, useSectors } from '../../sectors';
import { formatArea } from '../format';
import { IMOVEL_LABELS } from '../labels';
import { SituacaoChip } from '../SituacaoChip';

/** The property list's filters, by the names GET /api/imoveis takes. */
export const IMOVEL_FILTER_KEYS = ['situacao', 'utilizacao', 'sectorId', 'bairro'] as const;

/** The filters panel of the property list. */
export function useImovelFilters(): FilterDef[] {
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  return [
    {
      key: 'situacao',
      label: 'Situação',
      kind: 'select',
      all: 'Todas',
      options: SITUACOES_IMOVEL.map((s) => ({ value: s, label: SITUACAO_IMOVEL_LABELS[s] })),
    },
    {
      key: 'utilizacao',
      label: 'Utilização',
      kind: 'suggest',
      options: UTILIZACOES_SUGERIDAS.map((u) => ({ value: u, label: u })),
    },
    {
      key: 'sectorId',
      label: 'Setor responsável',
      kind: 'select',
      options: sectors.map((s) => ({ value: String(s.id), label: s.name })),
    },
    { key: 'bairro', label: 'Bairro', kind: 'text' },
  ];
}

/** The orders a phone offers. */
export const IMOVEL_PHONE_SORTS: PhoneSort[] = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'denominacao:asc', label: 'Denominação (A–Z)' },
  { value: 'bairro:asc', label: 'Bairro (A–Z)' },
  { value: 'area_construida:desc', label: 'Maior área construída' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

/** A property under 768 px. */
export const imovelCard = (r: ImovelListItem): PhoneCard => ({
  title: r.numero_patrimonio,
  chip: <SituacaoChip situacao={r.situacao} />,
  body: (
    <>
      <span style={{ fontWeight: 500 }}>{r.denominacao}</span>
      <br />
      <span style={{ opacity: 0.7, fontSize: '0.75rem' }}>
        {r.endereco}
        {r.bairro ? ` · ${r.bairro}` : ''}
      </span>
    </>
  ),
  meta: [r.utilizacao, r.setor_responsavel].filter(Boolean).join(' · ') || '—',
  figure: r.area_construida ? formatArea(r.area_construida) : undefined,
  ariaLabel: `Imóvel ${r.numero_patrimonio}: ${r.denominacao}`,
});

export const imovelSortLabel = (s: string) => IMOVEL_LABELS[s] ?? s;
