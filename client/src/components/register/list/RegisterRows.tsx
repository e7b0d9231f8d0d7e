import type { ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PhoneCards } from './PhoneCards';
import { RegisterTable } from './RegisterTable';
import type { PhoneCard, RegisterColumn } from './types';

interface Props<T extends { id: number }> {
  id: string;
  label: string;
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  columns: RegisterColumn<T>[];
  actions: (row: T) => ReactNode;
  actionsWidth: number;
  card: (row: T) => PhoneCard;
  emptyText: string;
  onOpen: (row: T) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/**
 * A register's rows inside another page (a report's matching records): the table or, under 768 px, the cards, with
 * the server's paging in one order; the page around them holds the filters and their URL.
 */
export function RegisterRows<T extends { id: number }>(p: Props<T>) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const state = { page: p.page, pageSize: p.pageSize, q: '', sort: '', order: 'desc' as const, filters: {}, tab: '' };
  const noSort = () => undefined;
  return phone ? (
    <PhoneCards
      rows={p.rows}
      total={p.total}
      loading={false}
      page={p.page}
      pageSize={p.pageSize}
      sort=""
      order="desc"
      sorts={[]}
      sortLabel={() => ''}
      selectId={`${p.id}-ordem`}
      emptyText={p.emptyText}
      listLabel={p.label}
      card={p.card}
      onPage={p.onPage}
      onSort={noSort}
      onOpen={p.onOpen}
    />
  ) : (
    <RegisterTable
      label={p.label}
      rows={p.rows}
      columns={p.columns.filter((c) => !c.hidden)}
      total={p.total}
      state={state}
      loading={p.loading}
      emptyText={p.emptyText}
      onRow={p.onOpen}
      actions={p.actions}
      actionsWidth={p.actionsWidth}
      onPage={p.onPage}
      onPageSize={p.onPageSize}
      onSort={noSort}
    />
  );
}
