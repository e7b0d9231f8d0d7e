import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { IMOVEL_FIELD_MSG, type ImovelField } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { FieldDialog, FieldList } from '../catalogs';
import {
  createImovelField,
  deleteImovelField,
  reorderImovelFields,
  updateImovelField,
  type ImovelFieldBody,
} from './api';
import { imovelKeys } from './keys';
import { useImovelFields } from './queries';

/** The §8 failure text, followed by the server's reason when it gave one (a taken key, a system field). */
function failed(text: string, err: unknown) {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : '';
  toast.error(reason && reason !== text ? `${text} ${reason}` : text);
}

/** /imoveis/campos: the property form's fields; add, edit, delete (not system fields) and reorder. */
export default function CamposPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('imoveis:manage_fields');
  const qc = useQueryClient();
  const query = useImovelFields();
  const { data } = query;
  const [edit, setEdit] = useState<ImovelField | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<ImovelField | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: imovelKeys.fields });

  const save = useMutation({
    mutationFn: ({ body, field }: { body: ImovelFieldBody; field: ImovelField | null }) =>
      field
        ? updateImovelField(field.id, {
            label: body.label,
            required: body.required,
            options: body.options,
            ...(field.isSystem ? {} : { type: body.type }),
            version: field.version,
          })
        : createImovelField(body),
    onSuccess: (_r, v) => {
      refresh();
      toast.success(v.field ? IMOVEL_FIELD_MSG.updated : IMOVEL_FIELD_MSG.added);
      setEdit(null);
    },
    onError: (err, v) => {
      failed(v.field ? IMOVEL_FIELD_MSG.updateFailed : IMOVEL_FIELD_MSG.addFailed, err);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (f: ImovelField) => deleteImovelField(f.id),
    onSuccess: () => toast.success(IMOVEL_FIELD_MSG.deleted),
    onError: (err) => failed(IMOVEL_FIELD_MSG.deleteFailed, err),
    onSettled: () => {
      setToDelete(null);
      refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: reorderImovelFields,
    onMutate: (ids) => {
      const prev = qc.getQueryData<ImovelField[]>(imovelKeys.fields);
      if (prev)
        qc.setQueryData<ImovelField[]>(
          imovelKeys.fields,
          ids.map((id, i) => ({ ...prev.find((f) => f.id === id)!, position: i })),
        );
      return { prev };
    },
    onError: (err, _ids, ctx) => {
      if (ctx?.prev) qc.setQueryData(imovelKeys.fields, ctx.prev);
      failed(IMOVEL_FIELD_MSG.updateFailed, err);
    },
    onSettled: refresh,
  });

  const fields = data ?? [];
  const move = (i: number, d: -1 | 1) => {
    const ids = fields.map((f) => f.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    reorder.mutate(ids);
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Os campos aparecem nesta ordem no cadastro de imóveis; os personalizados também na listagem e na ficha."
        actions={
          canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEdit('new')}>
              Novo Campo
            </Button>
          )
        }
      />
      <QueryState query={query} errorText="Falha ao carregar os campos personalizados.">
        {() => (
          <FieldList
            fields={fields}
            ariaLabel="Campos do cadastro de imóveis"
            canManage={canManage}
            reordering={reorder.isPending}
            onMove={move}
            onEdit={setEdit}
            onDelete={setToDelete}
          />
        )}
      </QueryState>
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
                Excluir o campo <strong>{toDelete?.label}</strong>? Os valores guardados nos imóveis para este campo
                também serão apagados.
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
