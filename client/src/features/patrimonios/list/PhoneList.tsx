import { formatMoney, type PatrimonioListItem } from '@tombo/shared';
import { PhoneCardList, type PhoneSort } from '../../../components/PhoneCardList';
import { COLUMN_LABELS } from '../labels';
import { StatusChip } from '../StatusChip';
import type { ListState } from './urlState';

const PHONE_SORTS: PhoneSort[] = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'descricao_bem:asc', label: 'Descrição (A–Z)' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'valor_aquisicao:asc', label: 'Menor valor' },
  { value: 'data_aquisicao:desc', label: 'Aquisição mais recente' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

/** Under 768 px the grid becomes a list of cards with the same server paging and sorting. */
export function PhoneList({
  rows,
  total,
  loading,
  state,
  onPage,
  onSort,
  onOpen,
}: {
  rows: PatrimonioListItem[];
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
      sortLabel={(s) => COLUMN_LABELS[s as ListState['sort']] ?? s}
      selectId="patrimonios-ordem"
      emptyText="Nenhum bem encontrado."
      listLabel="Bens cadastrados"
      card={(r) => ({
        title: r.numero_patrimonio,
        chip: <StatusChip status={r.status} />,
        body: r.descricao_bem,
        meta: `${r.setor_responsavel}${r.local_objeto ? ` · ${r.local_objeto}` : ''}`,
        figure: formatMoney(r.valor_aquisicao),
        ariaLabel: `Bem ${r.numero_patrimonio}: ${r.descricao_bem}`,
      })}
      onPage={onPage}
      onSort={(s, o) => onSort(s as ListState['sort'], o)}
      onOpen={onOpen}
    />
  );
}
