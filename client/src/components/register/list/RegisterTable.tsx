import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { formatInteger } from '@tombo/shared';
import { PAGE_SIZES, type ListState } from './urlState';
import type { RegisterColumn } from './types';

const CHECK = 44;
const FLEX_MIN = 220;

interface Props<T> {
  label: string;
  rows: T[];
  columns: RegisterColumn<T>[];
  /** The total of the last answer (kept while the next page loads); undefined before the first. */
  total: number | undefined;
  state: ListState;
  loading: boolean;
  emptyText: string;
  emptyHint?: string;
  /** What a click on the row does (its links, buttons and checkboxes are theirs). */
  onRow?: (row: T) => void;
  /** The row's actions: a column pinned to the right edge, always in sight. */
  actions: (row: T) => ReactNode;
  actionsWidth: number;
  selected?: Set<number>;
  onSelect?: (rows: T[], checked: boolean) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
}

// A click on a link, a button or a checkbox in a row is theirs, not the row's.
const fromControl = (e: MouseEvent) => !!(e.target as HTMLElement).closest('a,button,input,label');

const pinned = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (t: { palette: { divider: string } }) => `inset 1px 0 0 ${t.palette.divider}`,
} as const;

/**
 * The desktop table of a register: server paging and sorting from the URL state, columns of fixed widths (one
 * flexible), text shortened with its whole in the title, the row's actions pinned right, rows ticked for bulk actions.
 */
export function RegisterTable<T extends { id: number }>(p: Props<T>) {
  const { state, selected, onSelect, onRow } = p;
  const widths = p.columns.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? FLEX_MIN), 0);
  const minWidth = widths + p.actionsWidth + (onSelect ? CHECK : 0);
  const ticked = selected ? p.rows.filter((r) => selected.has(r.id)).length : 0;
  const sortBy = (c: RegisterColumn<T>) =>
    c.sort && p.onSort(c.sort, state.sort === c.sort && state.order === 'asc' ? 'desc' : 'asc');
  return (
    <Paper variant="outlined" sx={{ width: '100%', position: 'relative' }}>
      {p.loading && (
        <LinearProgress aria-label="Carregando" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />
      )}
      <Box sx={{ overflowX: 'auto' }} data-testid="register-scroll">
        <Table
          role="grid"
          aria-label={p.label}
          size="small"
          sx={{ tableLayout: 'fixed', minWidth, '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}
        >
          <colgroup>
            {onSelect && <col style={{ width: CHECK }} />}
            {p.columns.map((c) => (
              <col key={c.field} style={c.width ? { width: c.width } : undefined} />
            ))}
            <col style={{ width: p.actionsWidth }} />
          </colgroup>
          <TableHead>
            <TableRow>
              {onSelect && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={p.rows.length > 0 && ticked === p.rows.length}
                    indeterminate={ticked > 0 && ticked < p.rows.length}
                    onChange={(e) => onSelect(p.rows, e.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Selecionar todas as linhas da página' } }}
                  />
                </TableCell>
              )}
              {p.columns.map((c) => {
                const active = !!c.sort && state.sort === c.sort;
                return (
                  <TableCell
                    key={c.field}
                    align={c.align}
                    aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    onClick={() => sortBy(c)}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', cursor: c.sort ? 'pointer' : undefined }}
                  >
                    {c.sort ? (
                      <TableSortLabel active={active} direction={active ? state.order : 'asc'}>
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                );
              })}
              <TableCell align="right" sx={{ ...pinned, fontWeight: 600 }}>
                Ações
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {p.rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={p.columns.length + (onSelect ? 2 : 1)}
                  sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
                >
                  {p.total === undefined ? 'Carregando…' : p.emptyText}
                  {p.total !== undefined && p.emptyHint && <Box sx={{ mt: 0.5 }}>{p.emptyHint}</Box>}
                </TableCell>
              </TableRow>
            )}
            {p.rows.map((r) => {
              const on = !!selected?.has(r.id);
              return (
                <TableRow
                  key={r.id}
                  hover
                  selected={on}
                  onClick={(e) => onRow && !fromControl(e) && onRow(r)}
                  sx={{ cursor: onRow ? 'pointer' : undefined }}
                >
                  {onSelect && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={on}
                        onChange={(e) => onSelect([r], e.target.checked)}
                        slotProps={{ input: { 'aria-label': 'Selecionar linha' } }}
                      />
                    </TableCell>
                  )}
                  {p.columns.map((c) => {
                    const text = c.text?.(r) ?? '';
                    return (
                      <TableCell
                        key={c.field}
                        data-field={c.field}
                        align={c.align}
                        title={text || undefined}
                        sx={{ overflow: 'hidden' }}
                      >
                        <Box sx={c.lines === 2 ? clamp2 : clamp1}>{c.render ? c.render(r) : text || '—'}</Box>
                      </TableCell>
                    );
                  })}
                  <TableCell align="right" sx={{ ...pinned, whiteSpace: 'nowrap', py: 0 }}>
                    {p.actions(r)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {p.total !== undefined && (
        <TablePagination
          component="div"
          count={p.total}
          page={state.page - 1}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, page) => p.onPage(page + 1)}
          onRowsPerPageChange={(e) => p.onPageSize(Number(e.target.value))}
          labelRowsPerPage="Linhas por página:"
          labelDisplayedRows={({ from, to, count }) =>
            `${formatInteger(from)}–${formatInteger(to)} de ${formatInteger(count)}`
          }
          getItemAriaLabel={(type) =>
            type === 'next'
              ? 'Próxima página'
              : type === 'previous'
                ? 'Página anterior'
                : type === 'first'
                  ? 'Primeira página'
                  : 'Última página'
          }
          showFirstButton
          showLastButton
        />
      )}
    </Paper>
  );
}

const clamp1 = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const clamp2 = {
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  wordBreak: 'break-word',
} as const;
