import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Switch from '@mui/material/Switch';
import { CATALOG_MSG, formaAquisicaoCreateBody, type FormaAquisicao, formatDateTime } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useApiMutation } from '../../lib/useApiMutation';
import { CrudPage, RecordDialog, useDialogForm, type CrudDialogProps } from '../../components/register/crud';
import { FormSwitch, FormText } from '../../components/register/form';
import type { PageProps } from '../../lib/feature';
import { createForma, deleteForma, toggleForma, updateForma } from './api';
import { catalogKeys } from './keys';
import { byName, useFormas } from './queries';

const M = CATALOG_MSG.formas;
const invalidate = [catalogKeys.formas];

/** /configuracoes/formas-aquisicao (admin, supervisor). */
export default function FormasAquisicaoPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('catalogs:manage');
  const query = useFormas();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(M.loadFailed, M.loadFailedTitle);
  }, [isError, errorUpdatedAt]);

  const toggle = useApiMutation({
    mutationFn: (f: FormaAquisicao) => toggleForma(f.id, f.version),
    invalidate,
    success: (f) => (f.ativo ? M.activated : M.deactivated),
    successTitle: M.successTitle,
    failure: M.toggleFailed,
  });
  const remove = useApiMutation({
    mutationFn: (f: FormaAquisicao) => deleteForma(f.id),
    invalidate,
    success: M.deleted,
    successTitle: M.successTitle,
    failure: M.deleteFailed,
  });

  return (
    <CrudPage
      header={{
        title,
        subtitle:
          'Como os bens chegam ao patrimônio: compra, doação, cessão, permuta… Formas inativas não aparecem em novos cadastros.',
      }}
      newLabel="Nova Forma de Aquisição"
      canManage={canManage}
      query={query}
      rows={byName}
      errorText={M.loadFailed}
      empty={{
        title: 'Nenhuma forma de aquisição cadastrada.',
        description: 'Use "Nova Forma de Aquisição" para cadastrar a primeira.',
      }}
      label="Formas de aquisição"
      columns={[
        { key: 'nome', label: 'Nome', render: (f) => f.nome },
        {
          key: 'ativo',
          label: 'Ativa',
          render: (f) => (
            <Switch
              size="small"
              checked={f.ativo}
              disabled={!canManage || toggle.isPending}
              onChange={() => toggle.mutate(f)}
              slotProps={{ input: { 'aria-label': `${f.ativo ? 'Desativar' : 'Ativar'} ${f.nome}` } }}
            />
          ),
        },
        { key: 'createdAt', label: 'Criada em', wide: true, render: (f) => formatDateTime(f.createdAt) },
        { key: 'updatedAt', label: 'Atualizada em', wide: true, render: (f) => formatDateTime(f.updatedAt) },
      ]}
      rowLabel={(f) => f.nome}
      dialog={(props) => <FormaDialog {...props} />}
      remove={{
        title: 'Excluir forma de aquisição',
        message: (f) => (
          <>
            Excluir a forma de aquisição <strong>{f.nome}</strong>? Se houver bens com ela, desative-a em vez de
            excluir.
          </>
        ),
        busy: remove.isPending,
        run: (f, done) => remove.mutate(f, { onSettled: done }),
      }}
    />
  );
}

function FormaDialog({ open, record: forma, onClose }: CrudDialogProps<FormaAquisicao>) {
  const { control, handleSubmit } = useDialogForm(open, forma, {
    resolver: zodResolver(formaAquisicaoCreateBody),
    values: (f) => ({ nome: f?.nome ?? '', ativo: f?.ativo ?? true }),
  });
  const save = useApiMutation({
    mutationFn: (v: { nome: string; ativo: boolean }) =>
      forma ? updateForma(forma.id, { ...v, version: forma.version }) : createForma(v),
    invalidate,
    success: forma ? M.updated : M.created,
    successTitle: M.successTitle,
    failure: forma ? M.updateFailed : M.createFailed,
    onSuccess: onClose,
  });
  return (
    <RecordDialog
      open={open}
      id="forma-dialog"
      title={forma ? 'Editar Forma de Aquisição' : 'Nova Forma de Aquisição'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((v) => save.mutate({ nome: v.nome, ativo: v.ativo ?? true }))}
    >
      <FormText
        control={control}
        name="nome"
        id="forma-nome"
        label="Nome"
        required
        autoFocus
        fullWidth
        margin="dense"
        help="Ex.: Compra, Doação, Cessão."
      />
      <FormSwitch control={control} name="ativo" id="forma-ativo" label="Ativa" />
    </RecordDialog>
  );
}
