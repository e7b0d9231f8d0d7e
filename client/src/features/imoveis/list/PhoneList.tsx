import type { ImovelListItem } from '@tombo/shared';
import { PhoneCardList, type PhoneSort } from '../../../components/PhoneCardList';
import { formatArea } from '../format';
import { IMOVEL_LABELS } from '../labels';
import { SituacaoChip } from '../SituacaoChip';
import type { ListState } from './urlState';

const PHONE_SORTS: PhoneSort[] = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'denominacao:asc', label: 'Denominação (A–Z)' },
  { value: 'bairro:asc', label: 'Bairro (A–Z)' },
  { value: 'area_construida:desc', label: 'Maior área construída' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

/** Under 768 px the register's grid becomes a list of cards with the same server paging and sorting. */
export function PhoneList({
  rows,
  total,
  loading,
  state,
  onPage,
  onSort,
  onOpen,
}: {
  rows: ImovelListItem[];
  total: number;
  loading: boolean;
  state: ListState;
  onPage: (page: number) => void;
  onSort: (sort: ListState['sort'], order: 'asc' | 'desc') => void;
  onOpen: (id: number) => void;
}) {
  return (
    <PhoneCardList
      rows={rows}
      total={total}
      loading={loading}
      page={state.page}
      pageSize={state.pageSize}
      sort={state.sort}
      order={state.order}
      sorts={PHONE_SORTS}
      sortLabel={(s) => IMOVEL_LABELS[s as ListState['sort']] ?? s}
      selectId="imoveis-ordem"
      emptyText="Nenhum imóvel encontrado."
      listLabel="Imóveis cadastrados"
      card={(r) => ({
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
      })}
      onPage={onPage}
      onSort={(s, o) => onSort(s as ListState['sort'], o)}
      onOpen={onOpen}
    />
  );
}
