import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import { CATALOG_MSG, decimalInput, formatPercent, tipoBemCreateBody, type TipoBem } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { createTipo, deleteTipo, toggleTipo, updateTipo } from './api';
import { catalogKeys } from './keys';
import { FormFieldsEditor } from './FormFieldsEditor';
import { byName, useTipos } from './queries';
import { RowActions } from '../../components/RowActions';

const M = CATALOG_MSG.tipos;

/**
 * /configuracoes/tipos (admin, supervisor): asset types and, in a second tab, the asset form
 * fields (the server keeps them per municipality under catalogs:manage, not in the superuser area).
 */
export default function TiposBensPage({ title }: PageProps) {
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('aba') === 'campos' ? 'campos' : 'tipos';
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Tipos de bens com os dados contábeis da depreciação, e os campos do formulário de cadastro de bens."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setSp(v === 'campos' ? { aba: 'campos' } : {}, { replace: true })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="tipos" label="Tipos de Bens" id="tab-tipos" aria-controls="painel-tipos" />
        <Tab value="campos" label="Campos do Formulário" id="tab-campos" aria-controls="painel-campos" />
      </Tabs>
      <Box role="tabpanel" id={`painel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'tipos' ? <TiposPanel /> : <FormFieldsEditor />}
      </Box>
    </>
  );
}

function TiposPanel() {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'catalogs:manage');
  const qc = useQueryClient();
  const { data, isPending, isError, errorUpdatedAt, refetch } = useTipos();
  useLoadErrorToast(isError, errorUpdatedAt, M.loadFailed);
  const [edit, setEdit] = useState<TipoBem | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TipoBem | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: catalogKeys.tipos });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };

  const save = useMutation({
    mutationFn: (v: { body: TipoBody; tipo: TipoBem | null }) =>
      v.tipo ? updateTipo(v.tipo.id, { ...v.body, version: v.tipo.version }) : createTipo(v.body),
    onSuccess: (_r, v) => {
      refresh();
      toast.success(v.tipo ? M.updated : M.created);
      setEdit(null);
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (t: TipoBem) => toggleTipo(t.id, t.version),
    onSuccess: (t) => {
      refresh();
      toast.success(t.active ? M.activated : M.deactivated);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (t: TipoBem) => deleteTipo(t.id),
    onSuccess: () => {
      refresh();
      toast.success(M.deleted);
    },
    onError,
    onSettled: () => setToDelete(null),
  });

  const tipos = byName(data ?? []);
  return (
    <>
      {canManage && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEdit('new')}>
            Novo Tipo de Bem
          </Button>
        </Box>
      )}
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={M.loadFailed} onRetry={() => void refetch()} />
      ) : tipos.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title="Nenhum tipo de bem cadastrado."
            description={canManage ? 'Use "Novo Tipo de Bem" para cadastrar o primeiro.' : undefined}
          />
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Tipos de bens">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Ativo</TableCell>
                <TableCell align="right">Vida útil</TableCell>
                <TableCell align="right">Valor residual</TableCell>
                <TableCell>Depreciável</TableCell>
                {canManage && <TableCell align="right">Ações</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {tipos.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>
                    <Switch
                      size="small"
                      checked={t.active}
                      disabled={!canManage || toggle.isPending}
                      onChange={() => toggle.mutate(t)}
                      slotProps={{ input: { 'aria-label': `${t.active ? 'Desativar' : 'Ativar'} ${t.name}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {t.usefulLifeMonths != null ? `${t.usefulLifeMonths} meses` : '—'}
                  </TableCell>
                  <TableCell align="right">
                    {t.residualValuePct != null ? formatPercent(t.residualValuePct) : '—'}
                  </TableCell>
                  <TableCell>{t.depreciavel ? 'Sim' : 'Não'}</TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions label={t.name} onEdit={() => setEdit(t)} onDelete={() => setToDelete(t)} />
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
          <TipoDialog
            key={edit === 'new' ? 'new' : (edit?.id ?? 'closed')}
            open={edit != null}
            tipo={edit === 'new' ? null : edit}
            busy={save.isPending}
            onClose={() => setEdit(null)}
            onSubmit={(body) => save.mutate({ body, tipo: edit === 'new' ? null : edit })}
          />
          <ConfirmDialog
            open={!!toDelete}
            title="Excluir tipo de bem"
            message={
              <>
                Excluir o tipo <strong>{toDelete?.name}</strong>? Se houver bens com ele, desative-o em vez de excluir.
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

type TipoBody = {
  name: string;
  active: boolean;
  usefulLifeMonths: number | null;
  residualValuePct: string | null;
  depreciavel: boolean;
};

function TipoDialog({
  open,
  tipo,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  tipo: TipoBem | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (b: TipoBody) => void;
}) {
  const [name, setName] = useState(tipo?.name ?? '');
  const [active, setActive] = useState(tipo?.active ?? true);
  const [life, setLife] = useState(tipo?.usefulLifeMonths != null ? String(tipo.usefulLifeMonths) : '');
  const [residual, setResidual] = useState(tipo?.residualValuePct != null ? decimalInput(tipo.residualValuePct) : '');
  const [depreciavel, setDepreciavel] = useState(tipo?.depreciavel ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const body = {
      name,
      active,
      depreciavel,
      usefulLifeMonths: life.trim() ? Number(life) : null,
      residualValuePct: residual.trim() ? residual.trim().replace(',', '.') : null,
    };
    const r = tipoBemCreateBody.safeParse(body);
    if (!r.success) {
      const errs: Record<string, string> = {};
      for (const i of r.error.issues) errs[String(i.path[0])] ??= i.message;
      return setErrors(errs);
    }
    setErrors({});
    onSubmit({ ...body, name: r.data.name });
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="tipo-dialog-title"
    >
      <DialogTitle id="tipo-dialog-title">{tipo ? 'Editar Tipo de Bem' : 'Novo Tipo de Bem'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          id="tipo-nome"
          label="Nome"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name ?? 'Ex.: Mobiliário, Equipamento de informática.'}
        />
        <TextField
          fullWidth
          margin="dense"
          id="tipo-vida-util"
          label="Vida útil"
          type="number"
          value={life}
          onChange={(e) => setLife(e.target.value)}
          error={!!errors.usefulLifeMonths}
          helperText={errors.usefulLifeMonths ?? 'Em meses (1 a 1200), para a depreciação.'}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">meses</InputAdornment> },
            htmlInput: { min: 1, max: 1200, step: 1 },
          }}
        />
        <TextField
          fullWidth
          margin="dense"
          id="tipo-residual"
          label="Valor residual"
          value={residual}
          onChange={(e) => setResidual(e.target.value)}
          error={!!errors.residualValuePct}
          helperText={
            errors.residualValuePct ?? 'Percentual do valor de aquisição que resta ao fim da vida útil (0 a 100).'
          }
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={depreciavel}
              onChange={(e) => setDepreciavel(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'tipo-depreciavel-ajuda' } }}
            />
          }
          label="Depreciável"
        />
        <FormHelperText id="tipo-depreciavel-ajuda" sx={{ mt: 0, mb: 1 }}>
          Desligue para o que não se deprecia (terrenos, obras de arte e peças para museu).
        </FormHelperText>
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label="Ativo"
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
