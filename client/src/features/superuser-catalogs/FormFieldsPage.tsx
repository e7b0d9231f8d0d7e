import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { FIELD_TYPE_LABELS, FORM_FIELD_MSG, type FormField } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import {
  createInstallationField,
  deleteInstallationField,
  fetchInstallationFields,
  reorderInstallationFields,
  updateInstallationField,
  type FieldBody,
} from './api';
import { FieldDialog } from '../catalogs';
import { suCatalogKeys } from './keys';

/** /superuser/form-fields: asset form fields every municipality's form shows after its own. */
export default function FormFieldsPage({ title }: PageProps) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: suCatalogKeys.fields, queryFn: fetchInstallationFields });
  const [edit, setEdit] = useState<FormField | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<FormField | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: suCatalogKeys.fields });
  const save = useMutation({
    mutationFn: ({ body, field }: { body: FieldBody; field: FormField | null }) =>
      field
        ? updateInstallationField(field.id, {
            label: body.label,
            type: body.type,
            required: body.required,
            options: body.options,
            version: field.version,
          })
        : createInstallationField(body),
    onSuccess: (_r, v) => {
      toast.success(v.field ? FORM_FIELD_MSG.updated : FORM_FIELD_MSG.added);
      setEdit(null);
      refresh();
    },
    onError: (err) => toast.fromError(err),
  });
  const remove = useMutation({
    mutationFn: (f: FormField) => deleteInstallationField(f.id),
    onSuccess: () => toast.success(FORM_FIELD_MSG.deleted),
    onError: (err) => toast.fromError(err),
    onSettled: () => {
      setToDelete(null);
      refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: reorderInstallationFields,
    onError: (err) => toast.fromError(err),
    onSettled: refresh,
  });
  const fields = q.data ?? [];
  const move = (i: number, d: -1 | 1) => {
    const ids = fields.map((f) => f.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    reorder.mutate(ids);
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Campos do cadastro de bens definidos para toda a instalação."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEdit('new')}>
            Novo Campo
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Estes campos aparecem no formulário de bens de todos os municípios, depois dos campos do próprio município, e
        também na listagem, nos filtros, na ficha e na exportação. Os municípios preenchem os valores, mas não alteram
        nem excluem estes campos. Se um município já tiver um campo próprio com a mesma chave, vale o do município.
      </Alert>
      {q.isPending ? (
        <ContentSpinner />
      ) : q.isError ? (
        <LoadError message="Falha ao carregar os campos do formulário." onRetry={() => void q.refetch()} />
      ) : !fields.length ? (
        <Paper variant="outlined">
          <EmptyState description="Nenhum campo da instalação. Os municípios usam apenas os seus próprios campos." />
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Campos da instalação">
            {fields.map((f, i) => (
              <ListItem
                key={f.id}
                divider={i < fields.length - 1}
                sx={{ pr: { xs: 22, sm: 24 } }}
                secondaryAction={
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={`Mover ${f.label} para cima`}
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Mover ${f.label} para baixo`}
                      disabled={i === fields.length - 1 || reorder.isPending}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                    <Tooltip title="Editar">
                      <IconButton aria-label={`Editar campo ${f.label}`} onClick={() => setEdit(f)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Excluir">
                      <IconButton aria-label={`Excluir campo ${f.label}`} color="error" onClick={() => setToDelete(f)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
              >
                <ListItemText
                  primary={`${f.label}${f.required ? ' *' : ''}`}
                  secondary={
                    <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                      <Chip size="small" label={FIELD_TYPE_LABELS[f.type]} />
                      <Chip size="small" variant="outlined" label={f.key} sx={{ fontFamily: 'monospace' }} />
                      {f.options?.length ? <Chip size="small" variant="outlined" label={f.options.join(', ')} /> : null}
                    </Box>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
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
        message={`Excluir o campo "${toDelete?.label ?? ''}" de todos os municípios? Os valores guardados nos bens para este campo também serão apagados (exceto onde o município tem um campo próprio com a mesma chave).`}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
  );
}
