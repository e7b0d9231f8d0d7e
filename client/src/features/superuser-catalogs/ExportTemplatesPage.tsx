import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  CUSTOM_COLUMN_PREFIX,
  EXPORT_COLUMNS,
  EXPORT_MSG,
  type ExportTemplate,
  type ExportTemplateCreate,
  type ExportTemplateUpdate,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { TemplateDialog, type ColumnChoice } from '../exportacao';
import {
  createInstallationTemplate,
  deleteInstallationTemplate,
  fetchInstallationFields,
  fetchInstallationTemplates,
  updateInstallationTemplate,
} from './api';
import { suCatalogKeys } from './keys';

/** /superuser/export-templates: Excel/CSV templates offered to every municipality as 'modelo do sistema'. */
export default function ExportTemplatesPage({ title }: PageProps) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: suCatalogKeys.templates, queryFn: fetchInstallationTemplates });
  const fields = useQuery({ queryKey: suCatalogKeys.fields, queryFn: fetchInstallationFields });
  const [editing, setEditing] = useState<ExportTemplate | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<ExportTemplate | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: suCatalogKeys.templates });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };
  const save = useMutation({
    mutationFn: (v: { id?: number; body: ExportTemplateCreate | ExportTemplateUpdate }) =>
      v.id ? updateInstallationTemplate(v.id, v.body as ExportTemplateUpdate) : createInstallationTemplate(v.body),
    onSuccess: () => {
      toast.success(EXPORT_MSG.saved);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (t: ExportTemplate) => deleteInstallationTemplate(t.id),
    onSuccess: () => toast.success(EXPORT_MSG.deleted),
    onError,
    onSettled: () => {
      setToDelete(null);
      refresh();
    },
  });
  // Custom columns only of installation-wide fields: the only ones every municipality has.
  const choices: ColumnChoice[] = useMemo(
    () => [
      ...EXPORT_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
      ...(fields.data ?? []).map((f) => ({ key: `${CUSTOM_COLUMN_PREFIX}${f.key}`, header: f.label })),
    ],
    [fields.data],
  );
  const list = q.data ?? [];

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Modelos de Excel/CSV oferecidos a todos os municípios."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            Novo modelo
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Na tela Exportação de Dados de cada município, estes modelos aparecem como “{EXPORT_MSG.systemTemplate}”: podem
        ser usados ou copiados para um modelo próprio, mas só o superusuário os altera.
      </Alert>
      <QueryState
        query={q}
        errorText={EXPORT_MSG.loadFailed}
        isEmpty={() => !list.length}
        empty={{
          title: 'Nenhum modelo do sistema',
          description: 'Os municípios usam apenas os seus próprios modelos.',
        }}
      >
        {() => (
          <Paper variant="outlined">
            <List aria-label="Modelos do sistema">
              {list.map((t, i) => (
                <ListItem
                  key={t.id}
                  divider={i < list.length - 1}
                  sx={{ pr: 12 }}
                  secondaryAction={
                    <>
                      <Tooltip title="Editar">
                        <IconButton aria-label={`Editar modelo ${t.name}`} onClick={() => setEditing(t)}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Excluir">
                        <IconButton
                          aria-label={`Excluir modelo ${t.name}`}
                          color="error"
                          onClick={() => setToDelete(t)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  }
                >
                  <ListItemText primary={t.name} secondary={t.columns.map((c) => c.header).join(' · ')} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </QueryState>
      {editing && (
        <TemplateDialog
          template={editing}
          choices={choices}
          mutations={{ save, onError }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir modelo de exportação"
        message={`Excluir o modelo do sistema "${toDelete?.name ?? ''}"? Ele deixa de aparecer para os municípios; as cópias feitas por eles continuam.`}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
  );
}
