import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import { CATALOG_MSG, formaAquisicaoCreateBody, type FormaAquisicao, formatDateTime } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { createForma, deleteForma, toggleForma, updateForma } from './api';
import { catalogKeys } from './keys';
import { byName, useFormas } from './queries';
import { RowActions } from '../../components/RowActions';

const M = CATALOG_MSG.formas;
/** Spec §8: failures titled 'Erro' with the server message, else the fixed text. */
const fail = (fallback: string) => (err: unknown) =>
  toast.error(err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback, 'Erro');
const ok = (message: string) => toast.success(message, M.successTitle);

/** /configuracoes/formas-aquisicao (admin, supervisor). */
export default function FormasAquisicaoPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'catalogs:manage');
  const qc = useQueryClient();
  const { data, isPending, isError, errorUpdatedAt, refetch } = useFormas();
  const [edit, setEdit] = useState<FormaAquisicao | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<FormaAquisicao | null>(null);

  useEffect(() => {
    if (isError) toast.error(M.loadFailed, M.loadFailedTitle);
  }, [isError, errorUpdatedAt]);

  const refresh = () => void qc.invalidateQueries({ queryKey: catalogKeys.formas });
  const save = useMutation({
    mutationFn: (v: { nome: string; ativo: boolean; forma: FormaAquisicao | null }) =>
      v.forma
        ? updateForma(v.forma.id, { nome: v.nome, ativo: v.ativo, version: v.forma.version })
        : createForma({ nome: v.nome, ativo: v.ativo }),
    onSuccess: (_r, v) => {
      refresh();
      ok(v.forma ? M.updated : M.created);
      setEdit(null);
    },
    onError: (err, v) => {
      fail(v.forma ? M.updateFailed : M.createFailed)(err);
      if (err instanceof ApiError && err.status === 409) refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (f: FormaAquisicao) => toggleForma(f.id, f.version),
    onSuccess: (f) => {
      refresh();
      ok(f.ativo ? M.activated : M.deactivated);
    },
    onError: (err) => {
      fail(M.toggleFailed)(err);
      if (err instanceof ApiError && err.status === 409) refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (f: FormaAquisicao) => deleteForma(f.id),
    onSuccess: () => {
      refresh();
      ok(M.deleted);
    },
    onError: fail(M.deleteFailed),
    onSettled: () => setToDelete(null),
  });

  const formas = byName(data ?? []);
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Como os bens chegam ao patrimônio: compra, doação, cessão, permuta… Formas inativas não aparecem em novos cadastros."
        actions={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEdit('new')}>
              Nova Forma de Aquisição
            </Button>
          )
        }
      />
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={M.loadFailed} onRetry={() => void refetch()} />
      ) : formas.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title="Nenhuma forma de aquisição cadastrada."
            description={canManage ? 'Use "Nova Forma de Aquisição" para cadastrar a primeira.' : undefined}
          />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Formas de aquisição">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Ativa</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Criada em</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Atualizada em</TableCell>
                {canManage && <TableCell align="right">Ações</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {formas.map((f) => (
                <TableRow key={f.id} hover>
                  <TableCell>{f.nome}</TableCell>
                  <TableCell>
                    <Switch
                      size="small"
                      checked={f.ativo}
                      disabled={!canManage || toggle.isPending}
                      onChange={() => toggle.mutate(f)}
                      slotProps={{ input: { 'aria-label': `${f.ativo ? 'Desativar' : 'Ativar'} ${f.nome}` } }}
                    />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(f.createdAt)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(f.updatedAt)}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions label={f.nome} onEdit={() => setEdit(f)} onDelete={() => setToDelete(f)} />
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
          <FormaDialog
            key={edit === 'new' ? 'new' : (edit?.id ?? 'closed')}
            open={edit != null}
            forma={edit === 'new' ? null : edit}
            busy={save.isPending}
            onClose={() => setEdit(null)}
            onSubmit={(nome, ativo) => save.mutate({ nome, ativo, forma: edit === 'new' ? null : edit })}
          />
          <ConfirmDialog
            open={!!toDelete}
            title="Excluir forma de aquisição"
            message={
              <>
                Excluir a forma de aquisição <strong>{toDelete?.nome}</strong>? Se houver bens com ela, desative-a em
                vez de excluir.
              </>
            }
            confirmLabel="Excluir"
            destructive
            busy={remove.isPending}
            onClose={() => setToDelete(null)}
            onConfirm={() => toDelete && remove.mutate(toDelete)}
          />
        </>
      )}
    </>
  );
}

function FormaDialog({
  open,
  forma,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  forma: FormaAquisicao | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (nome: string, ativo: boolean) => void;
}) {
  const [nome, setNome] = useState(forma?.nome ?? '');
  const [ativo, setAtivo] = useState(forma?.ativo ?? true);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const r = formaAquisicaoCreateBody.safeParse({ nome, ativo });
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Nome é obrigatório.');
    setError(null);
    onSubmit(r.data.nome, ativo);
  };
  const titleText = forma ? 'Editar Forma de Aquisição' : 'Nova Forma de Aquisição';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="forma-dialog-title"
    >
      <DialogTitle id="forma-dialog-title">{titleText}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          id="forma-nome"
          label="Nome"
          required
          value={nome}
          onChange={(e) => setNome(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          error={!!error}
          helperText={error ?? 'Ex.: Compra, Doação, Cessão.'}
        />
        <FormControlLabel
          control={<Switch checked={ativo} onChange={(e) => setAtivo(e.target.checked)} />}
          label="Ativa"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
