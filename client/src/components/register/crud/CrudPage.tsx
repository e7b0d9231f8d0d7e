import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Add from '@mui/icons-material/Add';
import { ConfirmDialog } from '../../ConfirmDialog';
import { PageHeader } from '../../PageHeader';
import { RowActions } from '../../RowActions';
import { QueryState, type QueryLike } from '../QueryState';

/** One column of a catalog table. */
export interface CrudColumn<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** Left out on phones (dates, counts of secondary interest). */
  wide?: boolean;
  cellSx?: object;
}

const wideSx = { display: { xs: 'none', md: 'table-cell' } };

/** What the dialog of a CRUD page is given: open for a new record (`record` null) or an edited one. */
export interface CrudDialogProps<R> {
  open: boolean;
  record: R | null;
  onClose: () => void;
}

interface Props<R extends { id: number }> {
  /** The page header; left out when the page draws its own (a tab of a page). */
  header?: { title: string; subtitle?: ReactNode; actions?: ReactNode };
  /** "Novo Setor": opens the dialog for a new record (with `canManage`). */
  newLabel: string;
  canManage: boolean;
  /** Filters, job panels… between the header and the table. */
  above?: ReactNode;
  query: QueryLike<R[]>;
  /** Rows in display order (sorted, filtered). */
  rows: (data: R[]) => R[];
  errorText: string;
  empty: { title: string; description?: string };
  /** The table's accessible name. */
  label: string;
  columns: CrudColumn<R>[];
  /** Names the record for screen readers ("setor Educação"). */
  rowLabel: (row: R) => string;
  rowTestId?: (row: R) => string;
  dialog: (props: CrudDialogProps<R>) => ReactNode;
  /** Left out where records are never deleted (a chart account an entry may name). */
  remove?: {
    title: string;
    message: (row: R) => ReactNode;
    busy: boolean;
    /** Deletes; `done` closes the confirmation. */
    run: (row: R, done: () => void) => void;
  };
}

/** A catalog screen: the table with edit / delete per row, the create / edit dialog and the delete confirmation. */
export function CrudPage<R extends { id: number }>(p: Props<R>) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<R | null>(null);
  const newButton = p.canManage && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
      {p.newLabel}
    </Button>
  );
  return (
    <>
      {p.header ? (
        <PageHeader
          title={p.header.title}
          subtitle={p.header.subtitle}
          actions={
            (p.header.actions || newButton) && (
              <>
                {p.header.actions}
                {newButton}
              </>
            )
          }
        />
      ) : (
        newButton && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{newButton}</Box>
      )}
      {p.above}
      <QueryState
        query={p.query}
        errorText={p.errorText}
        isEmpty={(data) => p.rows(data).length === 0}
        empty={{ ...p.empty, description: p.canManage ? p.empty.description : undefined }}
      >
        {(data) => <CrudTable {...p} rows={p.rows(data)} onEdit={setEditing} onDelete={setToDelete} />}
      </QueryState>
      {p.canManage && (
        <>
          {p.dialog({
            open: editing != null,
            record: editing === 'new' ? null : editing,
            onClose: () => setEditing(null),
          })}
          {p.remove && (
            <ConfirmDialog
              open={!!toDelete}
              title={p.remove.title}
              message={toDelete && p.remove.message(toDelete)}
              confirmLabel="Excluir"
              destructive
              busy={p.remove.busy}
              onClose={() => setToDelete(null)}
              onConfirm={() => toDelete && p.remove?.run(toDelete, () => setToDelete(null))}
            />
          )}
        </>
      )}
    </>
  );
}

function CrudTable<R extends { id: number }>(
  p: Omit<Props<R>, 'rows'> & { rows: R[]; onEdit: (r: R) => void; onDelete: (r: R) => void },
) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={p.label} size="small">
        <TableHead>
          <TableRow>
            {p.columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={c.wide ? wideSx : undefined}>
                {c.label}
              </TableCell>
            ))}
            {p.canManage && <TableCell align="right">Ações</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.map((r) => (
            <TableRow key={r.id} hover data-testid={p.rowTestId?.(r)}>
              {p.columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ ...(c.wide ? wideSx : {}), ...c.cellSx }}>
                  {c.render(r)}
                </TableCell>
              ))}
              {p.canManage && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <RowActions
                    label={p.rowLabel(r)}
                    onEdit={() => p.onEdit(r)}
                    onDelete={p.remove ? () => p.onDelete(r) : undefined}
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
