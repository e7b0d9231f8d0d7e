import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Add from '@mui/icons-material/Add';
import { FORM_FIELD_MSG, type FormField } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import {
  createInstallationField,
  deleteInstallationField,
  fetchInstallationFields,
  reorderInstallationFields,
  updateInstallationField,
  type FieldBody,
} from './api';
import { FieldDialog, FieldList } from '../catalogs';
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
      <QueryState
        query={q}
        errorText="Falha ao carregar os campos do formulário."
        isEmpty={() => !fields.length}
        empty={{
          title: 'Nenhum campo da instalação',
          description: 'Os municípios usam apenas os seus próprios campos.',
        }}
      >
        {() => (
          <FieldList
            fields={fields}
            ariaLabel="Campos da instalação"
            canManage
            reordering={reorder.isPending}
            onMove={move}
            onEdit={setEdit}
            onDelete={setToDelete}
            chips={(f) =>
              f.options?.length ? <Chip size="small" variant="outlined" label={f.options.join(', ')} /> : null
            }
          />
        )}
      </QueryState>
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
