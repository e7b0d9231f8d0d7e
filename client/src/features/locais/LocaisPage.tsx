import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import { MSG, type Local, formatDateTime } from '@tombo/shared';
import { hasPermission, useSession } from '../../lib/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { sortByName, useSectors } from '../sectors';
import { LocalFormDialog, type LocalFormValues } from './LocalFormDialog';
import { useLocais, useLocalMutations } from './queries';
import { RowActions } from '../../components/RowActions';

type FormState = { open: false } | { open: true; local: Local | null };

/** /locais: list of locations; create / edit / delete with 'locais:manage', read-only otherwise. */
export default function LocaisPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'locais:manage');
  const [sectorId, setSectorId] = useState<number | undefined>(undefined);
  const { data, isPending, isError, refetch } = useLocais(sectorId, { toastOnError: true });
  const sectorsQuery = useSectors();
  const { create, update, remove } = useLocalMutations();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Local | null>(null);

  const sectors = sortByName(sectorsQuery.data?.sectors ?? []);
  const sectorName = (id: number) => sectors.find((s) => s.id === id)?.name;
  const locais = sortByName(data?.locais ?? []);

  const submit = (values: LocalFormValues) => {
    if (!form.open) return;
    const close = () => setForm({ open: false });
    if (form.local) update.mutate({ local: form.local, ...values }, { onSuccess: close });
    else create.mutate(values, { onSuccess: close });
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          canManage
            ? 'Locais onde os bens ficam, organizados por setor.'
            : 'Consulta dos locais cadastrados, organizados por setor.'
        }
        actions={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, local: null })}>
              Novo Local
            </Button>
          )
        }
      />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <TextField
          select
          id="locais-sector-filter"
          label="Filtrar por setor"
          size="small"
          fullWidth
          value={sectorId ?? ''}
          onChange={(e) => setSectorId(e.target.value === '' ? undefined : Number(e.target.value))}
        >
          <MenuItem value="">Todos os setores</MenuItem>
          {sectors.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={MSG.locais.loadFailed} onRetry={() => void refetch()} />
      ) : locais.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title="Nenhum local cadastrado."
            description={canManage ? 'Use "Novo Local" para cadastrar o primeiro.' : undefined}
          />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Locais" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Setor</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Atualizado em</TableCell>
                {canManage && <TableCell align="right">Ações</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {locais.map((l) => (
                <TableRow key={l.id} hover>
                  <TableCell>{l.name}</TableCell>
                  <TableCell>{l.sectorName || sectorName(l.sectorId) || '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(l.updatedAt)}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions
                        label={`local ${l.name}`}
                        onEdit={() => setForm({ open: true, local: l })}
                        onDelete={() => setToDelete(l)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {canManage && (
        <>
          <LocalFormDialog
            open={form.open}
            local={form.open ? form.local : null}
            sectors={sectors}
            defaultSectorId={sectorId}
            busy={create.isPending || update.isPending}
            onClose={() => setForm({ open: false })}
            onSubmit={submit}
          />
          <ConfirmDialog
            open={!!toDelete}
            title="Excluir local"
            message={
              <>
                Tem certeza que deseja excluir o local <strong>{toDelete?.name}</strong>? Esta ação não pode ser
                desfeita.
              </>
            }
            confirmLabel="Excluir"
            destructive
            busy={remove.isPending}
            onClose={() => setToDelete(null)}
            onConfirm={() => toDelete && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
          />
        </>
      )}
    </>
  );
}
