import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MSG, type Sector, formatDateTime } from '@tombo/shared';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { JobProgressPanel, patchJob } from '../downloads';
import { SectorFormDialog, type SectorFormValues } from './SectorFormDialog';
import { exportSectors } from './api';
import { sortByName, useSectorMutations, useSectors } from './queries';
import { RowActions } from '../../components/RowActions';

type FormState = { open: false } | { open: true; sector: Sector | null };

/** /configuracoes/setores: list, create, edit, delete and export of sectors. */
export default function SectorsPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'sectors:manage');
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useSectors({ toastOnError: true });
  const { create, update, remove } = useSectorMutations();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Sector | null>(null);
  const [exportJobId, setExportJobId] = useState<string | null>(null);

  const startExport = useMutation({
    mutationFn: exportSectors,
    onSuccess: (job) => {
      patchJob(qc, job);
      setExportJobId(job.id);
      toast.info(MSG.jobs.queued);
    },
    onError: (err) => toast.fromError(err),
  });

  const submit = (values: SectorFormValues) => {
    if (!form.open) return;
    const close = () => setForm({ open: false });
    if (form.sector) update.mutate({ sector: form.sector, ...values }, { onSuccess: close });
    else create.mutate(values, { onSuccess: close });
  };

  const sectors = sortByName(data?.sectors ?? []);

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Setores do município, usados na organização dos bens e dos locais."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => startExport.mutate('xlsx')}
              disabled={startExport.isPending}
            >
              Exportar XLSX
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => startExport.mutate('pdf')}
              disabled={startExport.isPending}
            >
              Exportar PDF
            </Button>
            {canManage && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, sector: null })}>
                Novo Setor
              </Button>
            )}
          </>
        }
      />

      {exportJobId && (
        <JobProgressPanel jobId={exportJobId} title="Exportação de setores" onClose={() => setExportJobId(null)} />
      )}

      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={MSG.sectors.loadFailed} onRetry={() => void refetch()} />
      ) : sectors.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title="Nenhum setor cadastrado."
            description={canManage ? 'Use "Novo Setor" para cadastrar o primeiro.' : undefined}
          />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Setores" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Código</TableCell>
                <TableCell align="right">Locais</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Atualizado em</TableCell>
                {canManage && <TableCell align="right">Ações</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {sectors.map((s) => (
                <TableRow key={s.id} hover data-testid={`sector-row-${s.id}`}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{s.code}</TableCell>
                  <TableCell align="right">{s.locaisCount ?? 0}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(s.updatedAt)}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions
                        label={`setor ${s.name}`}
                        onEdit={() => setForm({ open: true, sector: s })}
                        onDelete={() => setToDelete(s)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <SectorFormDialog
        open={form.open}
        sector={form.open ? form.sector : null}
        busy={create.isPending || update.isPending}
        onClose={() => setForm({ open: false })}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir setor"
        message={
          <>
            Tem certeza que deseja excluir o setor <strong>{toDelete?.name}</strong>? Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
      />
    </>
  );
}
