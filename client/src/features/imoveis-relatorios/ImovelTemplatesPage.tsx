import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
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
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { IMOVEL_RELATORIO_MSG, type ImovelReportTemplate } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { useBusy } from '../relatorios';
import { deleteImovelTemplate, requestImovelReport } from './api';
import { imovelRelatorioKeys } from './keys';
import { useImovelReportFields, useImovelTemplates } from './queries';

/** /imoveis/relatorios/templates: the municipality's property report templates, 'Gerar' PDF or XLSX, edit, delete. */
export default function ImovelTemplatesPage({ title }: PageProps) {
  const { data, error, isPending, refetch } = useImovelTemplates();
  const labels = new Map((useImovelReportFields().data ?? []).map((f) => [f.key, f.label]));
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<ImovelReportTemplate | null>(null);
  const [job, setJob] = useState<{ id: string; title: string } | null>(null);
  const [busy, run] = useBusy();

  const generate = (t: ImovelReportTemplate, formato: 'pdf' | 'xlsx') =>
    run(async () => {
      const j = await requestImovelReport({ templateId: t.id, formato });
      setJob({ id: j.id, title: j.title });
      toast.success(IMOVEL_RELATORIO_MSG.requested);
    });
  const remove = () =>
    run(async () => {
      if (!removing) return;
      await deleteImovelTemplate(removing.id);
      toast.success(IMOVEL_RELATORIO_MSG.templateDeleted);
      setRemoving(null);
      await qc.invalidateQueries({ queryKey: imovelRelatorioKeys.templates, exact: true, refetchType: 'all' });
    });

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle="Modelos de relatório de imóveis do município: colunas (inclusive campos personalizados) e filtros padrão."
        actions={
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to="/imoveis/relatorios/templates/novo"
          >
            Novo modelo
          </Button>
        }
      />
      {job && <JobProgressPanel jobId={job.id} title={job.title} onClose={() => setJob(null)} />}
      {isPending ? (
        <ContentSpinner />
      ) : error ? (
        <LoadError message={errorMessage(error, IMOVEL_RELATORIO_MSG.loadFailed)} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title="Nenhum modelo de relatório de imóveis." />
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ mt: job ? 2 : 0 }}>
          <List aria-label="Modelos de relatório de imóveis">
            {data.map((t) => (
              <ListItem key={t.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 260px', minWidth: 0 }}
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      {t.name}
                      {t.isDefault && <Chip size="small" label="Padrão" />}
                    </Box>
                  }
                  secondary={t.fields.map((k) => labels.get(k) ?? k).join(' · ')}
                />
                <Box sx={{ display: 'flex', ml: 'auto', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<PictureAsPdfOutlined />}
                    onClick={() => void generate(t, 'pdf')}
                    disabled={busy}
                    aria-label={`Gerar PDF de ${t.name}`}
                  >
                    Gerar PDF
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<TableViewOutlined />}
                    onClick={() => void generate(t, 'xlsx')}
                    disabled={busy}
                    aria-label={`Gerar XLSX de ${t.name}`}
                  >
                    Gerar XLSX
                  </Button>
                  <Tooltip title="Editar">
                    <IconButton
                      aria-label={`Editar ${t.name}`}
                      component={RouterLink}
                      to={`/imoveis/relatorios/templates/editar/${t.id}`}
                    >
                      <EditOutlined />
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
        message={`Excluir o modelo “${removing?.name ?? ''}”? Os relatórios já gerados continuam em Downloads.`}
        confirmLabel="Excluir"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
