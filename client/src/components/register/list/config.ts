import type { ReactNode } from 'react';
import type { Job } from '@tombo/shared';
import type { FilterDef, ListParams, PhoneCard, PhoneSort, RegisterColumn, Selection } from './types';
import type { UrlShape } from './urlState';

/** One page of a register as its query hook answers it. */
export interface RowsQuery<T> {
  rows: T[] | undefined;
  total: number | undefined;
  /** The rows shown are the previous page's while this one loads. */
  isPlaceholderData: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** A count shown on a tab ('Atrasados' with 3), by tab value. */
  tabCounts?: Record<string, number | undefined>;
}

/** A register's tabs (their values and URL name are in `shape.tab`). */
export interface RegisterTabs {
  label: string;
  labels: Record<string, string>;
}

/** A register list's configuration: an area gives this, the kit draws the page. */
export interface RegisterConfig<T extends { id: number; version?: number }> {
  /** DOM ids and the column chooser's storage key ('patrimonios'). */
  id: string;
  /** The table's and the cards' accessible name ('Bens cadastrados'). */
  label: string;
  /** Singular and plural of the record ('bem', 'bens'). */
  noun: [string, string];
  /** The noun is feminine ('solicitação'): the kit's texts agree ("selecionadas", "Todas as…"). */
  nounFeminine?: boolean;
  /** '3.865 bens encontrados'. */
  count: (n: number) => string;
  /** The quick search's label; none when the API has no search. */
  searchLabel?: string;
  /** The empty list's text (per tab when the register has tabs). */
  emptyText: string | ((tab: string) => string);
  /** What to do about an empty list with no search or filter ('Use "Novo empréstimo"…'). */
  emptyHint?: string;
  emptyFilteredText: string;
  emptyFilteredHint?: string;
  loadFailed: string;
  shape: UrlShape;
  /** The page's query, a hook of the API query. */
  useRows: (params: ListParams) => RowsQuery<T>;
  columns: RegisterColumn<T>[];
  /** The 'Colunas' chooser (default on); a list with few columns goes without. */
  chooser?: boolean;
  tabs?: RegisterTabs;
  /** The filters as a hook of the draft and the tab (a place list follows the sector chosen); none: no panel. */
  useFilters?: (draft: Record<string, string>, tab: string) => FilterDef[];
  /** Errors (pt-BR, by filter key) of values that read but do not go together (a period ending before it starts). */
  checkFilters?: (values: Record<string, string>) => Record<string, string>;
  phoneSorts: PhoneSort[];
  sortLabel: (sort: string) => string;
  card: (row: T) => PhoneCard;
  /** Where a row (or a card) leads; or `onOpen`, for a record shown in a dialog; or neither. */
  rowHref?: (row: T) => string;
  onOpen?: (row: T) => void;
  actions: (row: T) => ReactNode;
  actionsWidth: number;
  /** The export as a background job (the list's filters and order), and its panel's title. */
  exportJob?: { start: (filters: ListParams) => Promise<Job>; title: string };
  /** Ticked rows (or every filtered record, when `allFiltered`) get these actions. */
  bulk?: {
    allFiltered?: boolean;
    actions: (selection: Selection<T>, done: () => void) => ReactNode;
  };
}
