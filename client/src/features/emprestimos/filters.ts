import { EMPRESTIMO_SORT_KEYS, type EmprestimoSortKey } from '@tombo/shared';
import type { FilterDef, PhoneSort, UrlShape } from '../../components/register';
import { sortByName, useSectors } from '../sectors';

export const LOAN_TAB_LABELS: Record<string, string> = {
  aberto: 'Em aberto',
  atrasado: 'Atrasados',
  devolvido: 'Devolvidos',
  todos: 'Todos',
};

/** The most useful order of each tab: the next returns first while open, the latest returns once back. */
const TAB_SORT: Record<string, readonly [EmprestimoSortKey, 'asc' | 'desc']> = {
  aberto: ['dataPrevistaDevolucao', 'asc'],
  atrasado: ['dataPrevistaDevolucao', 'asc'],
  devolvido: ['dataDevolucao', 'desc'],
  todos: ['dataEmprestimo', 'desc'],
};

/** The loans' URL: the tab as `status` (a notification's link opens the default one), filters, order, page. */
export const LOAN_SHAPE: UrlShape = {
  sorts: EMPRESTIMO_SORT_KEYS,
  defaultSort: 'dataEmprestimo',
  filterKeys: ['sectorId', 'setorDestinoId', 'dataDe', 'dataAte'],
  tab: { key: 'status', values: Object.keys(LOAN_TAB_LABELS), sorts: TAB_SORT },
};

export const LOAN_EMPTY: Record<string, string> = {
  aberto: 'Nenhum empréstimo em aberto.',
  atrasado: 'Nenhum empréstimo atrasado.',
  devolvido: 'Nenhum empréstimo devolvido.',
  todos: 'Nenhum empréstimo registrado.',
};

const SORT_LABELS: Record<string, string> = {
  dataEmprestimo: 'Data do empréstimo',
  dataPrevistaDevolucao: 'Devolução prevista',
  dataDevolucao: 'Data da devolução',
  numero_patrimonio: 'Número do bem',
  tomadorNome: 'Quem recebeu',
};
export const loanSortLabel = (s: string) => SORT_LABELS[s] ?? s;

export const LOAN_PHONE_SORTS: PhoneSort[] = [
  { value: 'dataPrevistaDevolucao:asc', label: 'Devolução mais próxima' },
  { value: 'dataEmprestimo:desc', label: 'Emprestados mais recentes' },
  { value: 'dataDevolucao:desc', label: 'Devolvidos mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número do bem (crescente)' },
  { value: 'tomadorNome:asc', label: 'Quem recebeu (A–Z)' },
];

/** The asset's sector, the sector it was lent to and the lending period. */
export function useLoanFilters(): FilterDef[] {
  const sectors = sortByName(useSectors().data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return [
    { key: 'sectorId', label: 'Setor do bem', kind: 'select', all: 'Todos os setores', options: sectors },
    { key: 'setorDestinoId', label: 'Emprestado ao setor', kind: 'select', all: 'Todos os setores', options: sectors },
    { key: 'dataDe', label: 'Emprestado de', kind: 'date' },
    { key: 'dataAte', label: 'Emprestado até', kind: 'date' },
  ];
}
