import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  MSG,
  RELATORIO_MSG,
  REPORT_FREQUENCIA_LABELS,
  WEEKDAY_LABELS,
  formatDateTime,
  type ReportConfig,
} from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { createReportConfig, deleteReportConfig, requestReport, updateReportConfig } from './api';
import { EMPTY_FILTROS, filtrosQuery, fromFiltros, toFiltros, type FiltrosDraft } from './filtros';
import { FiltrosFields } from './FiltrosFields';
import { relatorioKeys } from './keys';
import { useReportConfigs, useReportTemplates } from './queries';
import { useBusy } from './useBusy';
import { agendamentoOf, SaveConfigDialog, type SaveConfigForm } from './SaveConfigDialog';

const NEW_CONFIG: SaveConfigForm = { name: '', frequencia: '', hora: '07:00', diaSemana: '1', diaMes: '1' };

function scheduleText(c: ReportConfig): string {
  const a = c.agendamento;
  if (!a) return 'Sem agendamento';
  const when =
    a.frequencia === 'semanal'
      ? ` (${WEEKDAY_LABELS[a.diaSemana ?? 0]})`
      : a.frequencia === 'mensal'
        ? ` (dia ${a.diaMes})`
        : '';
  const next = c.proximaExecucao ? ` · próxima: ${formatDateTime(c.proximaExecucao)}` : '';
  return `${REPORT_FREQUENCIA_LABELS[a.frequencia]}${when} às ${a.hora}${next}`;
}

/** /relatorios: pick a template and filters, generate the PDF (progress → download), and saved configs. */
export default function RelatoriosPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('reports:manage_templates');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const templates = useReportTemplates();
  const configs = useReportConfigs();
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [draft, setDraft] = useState<FiltrosDraft>(EMPTY_FILTROS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const [dialog, setDialog] = useState<{ config: ReportConfig | null; initial: SaveConfigForm } | null>(null);
  const [removing, setRemoving] = useState<ReportConfig | null>(null);

  useEffect(() => {
    if (templateId === '' && templates.data?.length) setTemplateId(templates.data[0].id);
  }, [templates.data, templateId]);

  const filtros = () => {
    const r = toFiltros(draft);
    setErrors(r.errors);
    return Object.keys(r.errors).length ? null : r.filtros;
  };

  const generate = async () => {
    const f = filtros();
    if (!f || templateId === '') return;
    await run(async () => {
      const job = await requestReport({ templateId, filtros: f });
      setJobId(job.id);
      toast.info(RELATORIO_MSG.requested);
    });
  };

  const preview = () => {
    const f = filtros();
    if (!f || templateId === '') return;
    const q = filtrosQuery(f).toString();
    void navigate(`/relatorios/ver/${templateId}${q ? `?${q}` : ''}`);
  };

  const save = async (v: SaveConfigForm) => {
    const f = filtros();
    const a = agendamentoOf(v);
    if (!f || !a.ok || templateId === '') return;
    await run(async () => {
      const body = { name: v.name, templateId, filtros: f, agendamento: a.value };
      if (dialog?.config) await updateReportConfig(dialog.config.id, { ...body, version: dialog.config.version });
      else await createReportConfig(body);
      toast.success(RELATORIO_MSG.configSaved);
      setDialog(null);
      await qc.invalidateQueries({ queryKey: relatorioKeys.configs });
    });
  };

  const remove = async () => {
    if (!removing) return;
    await run(async () => {
      await deleteReportConfig(removing.id);
      toast.success(RELATORIO_MSG.configDeleted);
      setRemoving(null);
      await qc.invalidateQueries({ queryKey: relatorioKeys.configs });
    });
  };

  const apply = (c: ReportConfig) => {
    setTemplateId(c.templateId);
    setDraft(fromFiltros(c.filtros));
    setErrors({});
  };

  const editConfig = (c: ReportConfig) => {
    apply(c);
    const a = c.agendamento;
    setDialog({
      config: c,
      initial: {
        name: c.name,
        frequencia: a?.frequencia ?? '',
        hora: a?.hora ?? '07:00',
        diaSemana: String(a?.diaSemana ?? 1),
        diaMes: String(a?.diaMes ?? 1),
      },
    });
  };

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle="Escolha um modelo e os filtros; o PDF é gerado em segundo plano e fica em Downloads."
        actions={
          canManage && (
            <Button component={RouterLink} to="/relatorios/templates" variant="outlined">
              Modelos de relatório
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <TextField
          select
          id="rel-template"
          label="Modelo de relatório"
          value={templateId}
          onChange={(e) => setTemplateId(Number(e.target.value))}
          fullWidth
          sx={{ mb: 2 }}
          helperText={templates.isError ? MSG.http.internal : undefined}
        >
          {(templates.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <FiltrosFields value={draft} onChange={setDraft} errors={errors} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<PictureAsPdfOutlined />}
            onClick={generate}
            disabled={busy || templateId === ''}
          >
            Gerar relatório
          </Button>
          <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={preview} disabled={templateId === ''}>
            Visualizar
          </Button>
          <Button
            startIcon={<SaveOutlined />}
            onClick={() => setDialog({ config: null, initial: NEW_CONFIG })}
            disabled={templateId === ''}
          >
            Salvar configuração
          </Button>
        </Box>
      </Paper>
      {jobId && <JobProgressPanel jobId={jobId} title="Relatório" onClose={() => setJobId(null)} />}
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Configurações salvas
      </Typography>
      <Paper variant="outlined">
        {configs.data?.length ? (
          <List aria-label="Configurações de relatório salvas">
            {configs.data.map((c) => (
              <ListItem
                key={c.id}
                divider
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title="Aplicar">
                      <IconButton aria-label={`Aplicar ${c.name}`} onClick={() => apply(c)}>
                        <PlayArrowOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Editar e agendar">
                      <IconButton aria-label={`Editar ${c.name}`} onClick={() => editConfig(c)}>
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Excluir">
                      <IconButton aria-label={`Excluir ${c.name}`} onClick={() => setRemoving(c)}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
                sx={{ pr: 18 }}
              >
                <ListItemText primary={c.name} secondary={`${c.templateName} · ${scheduleText(c)}`} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Nenhuma configuração salva. Escolha um modelo e filtros e clique em “Salvar configuração”.
          </Typography>
        )}
      </Paper>
      <SaveConfigDialog
        open={!!dialog}
        initial={dialog?.initial ?? NEW_CONFIG}
        busy={busy}
        onClose={() => setDialog(null)}
        onSave={save}
      />
      <ConfirmDialog
        open={!!removing}
        title="Excluir configuração"
        message={`Excluir a configuração “${removing?.name ?? ''}”?`}
        confirmLabel="Excluir"
        destructive
        busy={busy}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
