import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import {
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  FORM_FIELD_MSG,
  formFieldCreateBody,
  keyFromLabel,
  type FieldType,
  type FormField,
} from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { createField, deleteField, reorderFields, updateField } from './api';
import { FieldList } from './FieldList';
import { catalogKeys } from './keys';
import { useFormFields } from './queries';

/** Asset form fields (spec §3/§8): add, edit, delete (not system fields), reorder. */
export function FormFieldsEditor() {
  const can = useCan();
  const canManage = can('catalogs:manage');
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useFormFields();
  const [edit, setEdit] = useState<FormField | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<FormField | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: catalogKeys.fields });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };

  const save = useMutation({
    mutationFn: (v: {
      body: { label: string; key?: string; type: FieldType; required: boolean; options: string[] | null };
      field: FormField | null;
    }) => {
      if (!v.field) return createField(v.body);
      const { key: _k, ...rest } = v.body;
      void _k;
      return updateField(v.field.id, {
        ...rest,
        ...(v.field.isCustom ? {} : { type: undefined }),
        version: v.field.version,
      });
    },
    onSuccess: (_r, v) => {
      refresh();
      toast.success(v.field ? FORM_FIELD_MSG.updated : FORM_FIELD_MSG.added);
      setEdit(null);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (f: FormField) => deleteField(f.id),
    onSuccess: () => {
      refresh();
      toast.success(FORM_FIELD_MSG.deleted);
    },
    onError,
    onSettled: () => setToDelete(null),
  });
  const reorder = useMutation({
    mutationFn: reorderFields,
    onMutate: (ids) => {
      const prev = qc.getQueryData<FormField[]>(catalogKeys.fields);
      if (prev)
        qc.setQueryData<FormField[]>(
          catalogKeys.fields,
          ids.map((id, i) => ({ ...prev.find((f) => f.id === id)!, position: i })),
        );
      return { prev };
    },
    onSuccess: (fields) =>
      qc.setQueryData(
        catalogKeys.fields,
        [...fields].sort((a, b) => a.position - b.position),
      ),
    onError: (err, _ids, ctx) => {
      if (ctx?.prev) qc.setQueryData(catalogKeys.fields, ctx.prev);
      onError(err);
    },
  });

  const fields = data ?? [];
  const move = (i: number, d: -1 | 1) => {
    const ids = fields.map((f) => f.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    reorder.mutate(ids);
  };

  if (isPending) return <ContentSpinner />;
  if (isError) return <LoadError message="Falha ao carregar os campos do formulário." onRetry={() => void refetch()} />;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Os campos aparecem nesta ordem no cadastro de bens. Campos personalizados também aparecem na listagem, nos
          filtros, na ficha e na exportação.
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEdit('new')}>
            Novo Campo
          </Button>
        )}
      </Stack>
      <FieldList
        fields={fields}
        ariaLabel="Campos do formulário de bens"
        canManage={canManage}
        reordering={reorder.isPending}
        onMove={move}
        onEdit={setEdit}
        onDelete={setToDelete}
        // An installation-wide field (the superuser's) is shown, never edited here.
        manageable={(f) => f.origin !== 'installation'}
        systemDeleteHint={FORM_FIELD_MSG.systemDelete}
        chips={(f) => (
          <>
            {!f.isCustom && !f.isSystem && <Chip size="small" variant="outlined" label="Padrão" />}
            {f.origin === 'installation' && (
              <Chip size="small" color="secondary" variant="outlined" label="Instalação" />
            )}
          </>
        )}
      />
      {canManage && (
        <>
          <FieldDialog
            key={edit === 'new' ? 'new' : (edit?.id ?? 'closed')}
            open={edit != null}
            field={edit === 'new' ? null : edit}
            busy={save.isPending}
            onClose={() => setEdit(null)}
            onSubmit={(body) => save.mutate({ body, field: edit === 'new' ? null : edit })}
          />
          <ConfirmDialog
            open={!!toDelete}
            title="Excluir campo"
            message={
              <>
                Excluir o campo <strong>{toDelete?.label}</strong>? Os valores guardados nos bens para este campo também
                serão apagados.
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

/** Create or edit an asset form field (a municipality's, or the installation's on /superuser/form-fields). */
export function FieldDialog({
  open,
  field,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  field: FormField | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (b: { label: string; key?: string; type: FieldType; required: boolean; options: string[] | null }) => void;
}) {
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.key ?? '');
  const [type, setType] = useState<FieldType>(field?.type ?? 'TEXT');
  const [required, setRequired] = useState(field?.required ?? false);
  const [options, setOptions] = useState((field?.options ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typeLocked = !!field && !field.isCustom;
  const submit = () => {
    const opts =
      type === 'SELECT'
        ? options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : null;
    const body = {
      label,
      key: field ? undefined : key.trim() || undefined,
      type,
      required: field?.isSystem ? true : required,
      options: opts,
    };
    const r = formFieldCreateBody.safeParse(field ? { ...body, key: undefined } : body);
    if (!r.success) {
      const errs: Record<string, string> = {};
      for (const i of r.error.issues) errs[String(i.path[0] ?? 'label')] ??= i.message;
      return setErrors(errs);
    }
    setErrors({});
    onSubmit({ ...body, label: r.data.label });
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="field-dialog-title"
    >
      <DialogTitle id="field-dialog-title">{field ? 'Editar Campo' : 'Novo Campo'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          id="campo-rotulo"
          label="Rótulo"
          required
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={!!errors.label}
          helperText={errors.label ?? 'Como o campo aparece no formulário.'}
        />
        <TextField
          fullWidth
          margin="dense"
          id="campo-chave"
          label="Chave"
          value={field ? field.key : key}
          disabled={!!field}
          placeholder={label ? keyFromLabel(label) : undefined}
          onChange={(e) => setKey(e.target.value)}
          error={!!errors.key}
          helperText={
            errors.key ??
            (field
              ? 'A chave não muda depois de criada.'
              : `Opcional; se vazia, será "${label ? keyFromLabel(label) : '…'}".`)
          }
        />
        <TextField
          select
          fullWidth
          margin="dense"
          id="campo-tipo"
          label="Tipo"
          value={type}
          disabled={typeLocked}
          onChange={(e) => setType(e.target.value as FieldType)}
          helperText={typeLocked ? 'O tipo de um campo do sistema não pode ser alterado.' : ' '}
        >
          {FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {FIELD_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {type === 'SELECT' && (
          <TextField
            fullWidth
            margin="dense"
            id="campo-opcoes"
            label="Opções"
            multiline
            minRows={3}
            value={options}
            onChange={(e) => setOptions(e.target.value)}
            error={!!errors.options}
            helperText={errors.options ?? 'Uma opção por linha.'}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={field?.isSystem ? true : required}
              disabled={field?.isSystem}
              onChange={(e) => setRequired(e.target.checked)}
            />
          }
          label="Obrigatório"
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
