import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Shown as the card's title on phones (one column). */
  primary?: boolean;
}

interface Props<T> {
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
  /** Server-side pages: the total and the page (0-based for MUI) with its size. */
  paging?: {
    total: number;
    page: number;
    pageSize: number;
    onPage: (p: number) => void;
    onPageSize: (n: number) => void;
  };
}

/** A table on desktop and a list of cards on phones (< 768 px), with optional server-side pagination. */
export function DataList<T>({ label, rows, rowKey, columns, actions, paging }: Props<T>) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const pager = paging && (
    <TablePagination
      component="div"
      count={paging.total}
      page={paging.page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={phone ? [] : [10, 25, 50, 100]}
      onPageChange={(_e, p) => paging.onPage(p)}
      onRowsPerPageChange={(e) => paging.onPageSize(Number(e.target.value))}
      labelRowsPerPage="Por página:"
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      getItemAriaLabel={(type) => (type === 'next' ? 'Próxima página' : type === 'previous' ? 'Página anterior' : type)}
    />
  );
  if (phone) {
    const primary = columns.find((c) => c.primary) ?? columns[0];
    return (
      <Stack spacing={1.5} aria-label={label} role="list">
        {rows.map((r) => (
          <Paper key={rowKey(r)} variant="outlined" sx={{ p: 2 }} role="listitem">
            <Typography sx={{ fontWeight: 600, mb: 1, wordBreak: 'break-word' }}>{primary.render(r)}</Typography>
            {columns
              .filter((c) => c !== primary)
              .map((c) => (
                <Box key={c.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
                  <Typography variant="body2" color="text.secondary">
                    {c.label}
                  </Typography>
                  <Box sx={{ textAlign: 'right', minWidth: 0, wordBreak: 'break-word', typography: 'body2' }}>
                    {c.render(r)}
                  </Box>
                </Box>
              ))}
            {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>{actions(r)}</Box>}
          </Paper>
        ))}
        {pager}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={label} size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.label}
                </TableCell>
              ))}
              {actions && <TableCell align="right">Ações</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={rowKey(r)} hover>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.render(r)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(r)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </Paper>
  );
}
