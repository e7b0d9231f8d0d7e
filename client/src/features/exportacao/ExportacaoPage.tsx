import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Chip from '@mui/material/Chip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  CUSTOM_COLUMN_PREFIX,
  EXPORT_COLUMNS,
  EXPORT_MSG,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  maskDateBR,
  parseDateBR,
  type ExportFiltros,
  type ExportTemplate,
} from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { byName, useFormFields, useTipos } from '../catalogs';
import { JobProgressPanel } from '../downloads';
import { useLocais } from '../locais';
import { sortByName, useSectors } from '../sectors';
import { requestExport } from './api';
import { useExportTemplateMutations, useExportTemplates } from './queries';
import { TemplateDialog, type ColumnChoice } from './TemplateDialog';

const ALL_COLUMNS = 'all';

interface Draft {
  sectorId: string;
  localId: string;
  tipoId: string;
  status: string;
  dataDe: string;
  dataAte: string;
  q: string;
}
const EMPTY: Draft = { sectorId: '', localId: '', tipoId: '', status: '', dataDe: '', dataAte: '', q: '' };

/** A filter's select: "Todos" (no filter) and the options. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      fullWidth
      select
      id={props.id}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <MenuItem value="">Todos</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** /exportacao: assets to XLSX or CSV with an export template and the list filters; the templates. */
export default function ExportacaoPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('reports:manage_templates');
  const templates = useExportTemplates();
  useLoadErrorToast(templates.isError, templates.errorUpdatedAt, EXPORT_MSG.loadFailed);
  const fields = useFormFields();
  const [formato, setFormato] = useState<'xlsx' | 'csv'>('xlsx');
  const [templateId, setTemplateId] = useState<string>('');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<ExportTemplate | 'new' | null>(null);
  // A copy of a 'modelo do sistema' (installation-wide, municipalityId null): a new template of one's own.
  const [copyOf, setCopyOf] = useState<ExportTemplate | null>(null);
  const [toDelete, setToDelete] = useState<ExportTemplate | null>(null);
  const { remove } = useExportTemplateMutations();

  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(draft.sectorId ? Number(draft.sectorId) : undefined).data?.locais ?? []);
  const tipos = byName(useTipos().data ?? []);
  const list = templates.data ?? [];
  // The template picked by default: the first one ('Relatório Simples' in a new municipality).
  const selected = templateId || (list[0] ? String(list[0].id) : ALL_COLUMNS);

  const choices: ColumnChoice[] = useMemo(
    () => [
      ...EXPORT_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
      ...(fields.data ?? [])
        .filter((f) => f.isCustom)
        .map((f) => ({ key: `${CUSTOM_COLUMN_PREFIX}${f.key}`, header: f.label })),
    ],
    [fields.data],
  );
  const set = (k: keyof Draft, v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    const filtros: ExportFiltros = {};
    if (draft.sectorId) filtros.sectorId = draft.sectorId;
    if (draft.localId) filtros.localId = draft.localId;
    if (draft.tipoId) filtros.tipoId = draft.tipoId;
    if (draft.status) filtros.status = draft.status;
    if (draft.q.trim()) filtros.q = draft.q.trim();
    for (const k of ['dataDe', 'dataAte'] as const) {
      if (!draft[k]) continue;
      const v = parseDateBR(draft[k]);
      if (v == null) errs[k] = 'Data inválida (dd/mm/aaaa).';
      else filtros[k] = v;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const job = await requestExport({
        formato,
        ...(selected !== ALL_COLUMNS ? { templateId: Number(selected) } : {}),
        filtros,
      });
      setJobId(job.id);
      toast.info(EXPORT_MSG.requested);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
    }
  };

  const field = { size: 'small' as const, fullWidth: true };
  return (
    <>
      <PageHeader title={title} subtitle="Exporte os bens para Excel (XLSX) ou CSV com as colunas de um modelo." />
      {jobId && <JobProgressPanel jobId={jobId} onClose={() => setJobId(null)} title="Exportação de dados" />}
      <Paper variant="outlined" component="form" aria-label="Exportar bens" onSubmit={submit} sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, mb: 2 }}>
          <FormControl>
            <FormLabel id="formato-label">Formato</FormLabel>
            <RadioGroup
              row
              aria-labelledby="formato-label"
              value={formato}
              onChange={(e) => setFormato(e.target.value as 'xlsx' | 'csv')}
            >
              <FormControlLabel value="xlsx" control={<Radio />} label="Excel (XLSX)" />
              <FormControlLabel value="csv" control={<Radio />} label="CSV" />
            </RadioGroup>
          </FormControl>
          <TextField
            {...field}
            select
            id="export-modelo"
            label="Modelo de exportação"
            value={selected}
            onChange={(e) => setTemplateId(e.target.value)}
            helperText="As colunas do arquivo; “Todas as colunas” inclui os campos personalizados."
          >
            {list.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.municipalityId === null ? `${t.name} (${EXPORT_MSG.systemTemplate.toLowerCase()})` : t.name}
              </MenuItem>
            ))}
            <MenuItem value={ALL_COLUMNS}>Todas as colunas</MenuItem>
          </TextField>
        </Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Filtros
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
        >
          <FilterSelect
            id="export-setor"
            label="Setor"
            value={draft.sectorId}
            options={sectors.map((x) => ({ value: String(x.id), label: x.name }))}
            onChange={(v) => setDraft((d) => ({ ...d, sectorId: v, localId: '' }))}
          />
          <FilterSelect
            id="export-local"
            label="Local"
            value={draft.localId}
            options={locais.map((x) => ({ value: String(x.id), label: x.name }))}
            onChange={(v) => set('localId', v)}
          />
          <FilterSelect
            id="export-tipo"
            label="Tipo"
            value={draft.tipoId}
            options={tipos.map((x) => ({ value: String(x.id), label: x.name }))}
            onChange={(v) => set('tipoId', v)}
          />
          <FilterSelect
            id="export-status"
            label="Status"
            value={draft.status}
            options={PATRIMONIO_STATUSES.map((x) => ({ value: x, label: PATRIMONIO_STATUS_LABELS[x] }))}
            onChange={(v) => set('status', v)}
          />
          {(['dataDe', 'dataAte'] as const).map((k) => (
            <TextField
              {...field}
              key={k}
              id={`export-${k}`}
              label={k === 'dataDe' ? 'Adquirido de' : 'Adquirido até'}
              placeholder="dd/mm/aaaa"
              value={draft[k]}
              onChange={(e) => set(k, maskDateBR(e.target.value))}
              error={!!errors[k]}
              helperText={errors[k]}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          ))}
          <TextField
            {...field}
            id="export-busca"
            label="Busca (número ou descrição)"
            value={draft.q}
            onChange={(e) => set('q', e.target.value)}
            sx={{ gridColumn: { lg: 'span 2' } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<FileDownloadOutlined />} disabled={busy}>
            Exportar
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              setErrors({});
            }}
          >
            Limpar filtros
          </Button>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="modelos-titulo">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="modelos-titulo" sx={{ flex: 1 }}>
            Modelos de exportação
          </Typography>
          {canManage && (
            <Button startIcon={<Add />} variant="outlined" onClick={() => setEditing('new')}>
              Novo modelo
            </Button>
          )}
        </Box>
        <List dense aria-label="Modelos de exportação">
          {list.map((t) => (
            <ListItem
              key={t.id}
              divider
              secondaryAction={
                canManage &&
                (t.municipalityId === null ? (
                  <Tooltip title="Copiar para um modelo próprio">
                    <IconButton aria-label={`Copiar modelo ${t.name}`} onClick={() => setCopyOf(t)}>
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : (
                  <>
                    <Tooltip title="Editar">
                      <IconButton aria-label={`Editar modelo ${t.name}`} onClick={() => setEditing(t)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Excluir">
                      <IconButton aria-label={`Excluir modelo ${t.name}`} onClick={() => setToDelete(t)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                ))
              }
              sx={{ pr: canManage ? 12 : 2 }}
            >
              <ListItemText
                primary={
                  <>
                    {t.name}
                    {t.municipalityId === null && (
                      <Tooltip title={EXPORT_MSG.systemReadOnly}>
                        <Chip size="small" label={EXPORT_MSG.systemTemplate} sx={{ ml: 1 }} />
                      </Tooltip>
                    )}
                  </>
                }
                secondary={t.columns.map((c) => c.header).join(' · ')}
              />
            </ListItem>
          ))}
          {!list.length && !templates.isPending && (
            <ListItem>
              <ListItemText secondary="Nenhum modelo cadastrado: a exportação usa todas as colunas." />
            </ListItem>
          )}
        </List>
      </Paper>

      {editing && <TemplateDialog template={editing} choices={choices} onClose={() => setEditing(null)} />}
      {copyOf && (
        <TemplateDialog
          template="new"
          seed={{ name: EXPORT_MSG.copyOf(copyOf.name), columns: copyOf.columns }}
          choices={choices}
          onClose={() => setCopyOf(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir modelo de exportação"
        message={`Excluir o modelo "${toDelete?.name ?? ''}"? As exportações já geradas não são afetadas.`}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          if (String(toDelete.id) === templateId) setTemplateId('');
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </>
  );
}
