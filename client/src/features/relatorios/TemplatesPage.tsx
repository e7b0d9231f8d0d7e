import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
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
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { REPORT_BLOCK_LABELS, RELATORIO_MSG, type ReportTemplate } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { createReportTemplate, deleteReportTemplate } from './api';
import { relatorioKeys } from './keys';
import { useReportTemplates } from './queries';
import { useBusy } from './useBusy';

/** A free name for the copy of `name` ('Cópia de X', 'Cópia de X (2)', …). */
function copyName(name: string, taken: Set<string>): string {
  const base = `Cópia de ${name}`.slice(0, 110);
  let n = 1;
  let candidate = base;
  while (taken.has(candidate)) candidate = `${base} (${++n})`;
  return candidate;
}

/** /relatorios/templates: the municipality's report templates (new, edit, duplicate, delete). */
export default function TemplatesPage({ title }: PageProps) {
  const { data, error, isPending, refetch } = useReportTemplates();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<ReportTemplate | null>(null);
  const [busy, run] = useBusy();
  const refresh = () => qc.invalidateQueries({ queryKey: relatorioKeys.templates });

  const duplicate = async (t: ReportTemplate) => {
    await run(async () => {
      const copy = await createReportTemplate({
        name: copyName(t.name, new Set((data ?? []).map((x) => x.name))),
        fields: t.fields,
        filters: t.filters,
        layout: t.layout,
      });
      toast.success(RELATORIO_MSG.templateCreated);
      await refresh();
      void navigate(`/relatorios/templates/editor/${copy.id}`);
    });
  };

  const remove = async () => {
    if (!removing) return;
    await run(async () => {
      await deleteReportTemplate(removing.id);
      toast.success(RELATORIO_MSG.templateDeleted);
      setRemoving(null);
      await refresh();
    });
  };

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle="Modelos do município: campos, filtros padrão e o layout na grade de 12 colunas."
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/relatorios/templates/editor/novo">
            Novo modelo
          </Button>
        }
      />
      {isPending ? (
        <ContentSpinner />
      ) : error ? (
        <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <Paper variant="outlined">
          <List aria-label="Modelos de relatório">
            {data.map((t) => (
              <ListItem key={t.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', minWidth: 0 }}
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      {t.name}
                      {t.isDefault && <Chip size="small" label="Padrão" />}
                    </Box>
                  }
                  secondary={`${t.fields.length} campos · ${t.layout.map((b) => REPORT_BLOCK_LABELS[b.type]).join(', ')}`}
                />
                <Box sx={{ display: 'flex', ml: 'auto' }}>
                  <Tooltip title="Visualizar">
                    <IconButton
                      aria-label={`Visualizar ${t.name}`}
                      component={RouterLink}
                      to={`/relatorios/ver/${t.id}`}
                    >
                      <VisibilityOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Editar">
                    <IconButton
                      aria-label={`Editar ${t.name}`}
                      component={RouterLink}
                      to={`/relatorios/templates/editor/${t.id}`}
                    >
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Duplicar">
                    <IconButton aria-label={`Duplicar ${t.name}`} onClick={() => void duplicate(t)} disabled={busy}>
                      <ContentCopy />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Excluir">
                    <IconButton aria-label={`Excluir ${t.name}`} onClick={() => setRemoving(t)} disabled={busy}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Excluir modelo"
        message={`Excluir o modelo “${removing?.name ?? ''}”? As configurações salvas que o usam também serão excluídas.`}
        confirmLabel="Excluir"
        destructive
        busy={busy}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
