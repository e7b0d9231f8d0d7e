import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import {
  DEFAULT_REPORT_TEMPLATES,
  PATRIMONIO_SHEET_COLUMNS,
  REPORT_BLOCK_LABELS,
  REPORT_BLOCK_TYPES,
  RELATORIO_MSG,
  reportTemplateCreateBody,
  type ReportBlock,
  type ReportBlockType,
  type ReportFieldKey,
} from '@tombo/shared';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../lib/feature';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { createReportTemplate, updateReportTemplate } from '../api';
import { EMPTY_FILTROS, fromFiltros, toFiltros, type FiltrosDraft } from '../filtros';
import { FiltrosFields } from '../FiltrosFields';
import { relatorioKeys } from '../keys';
import { useReportTemplate } from '../queries';
import { useBusy } from '../useBusy';
import { BlockPanel } from './BlockPanel';
import { clampRect, fits, GridCanvas } from './GridCanvas';

const DEFAULT_SIZE: Record<ReportBlockType, { w: number; h: number }> = {
  HEADER: { w: 12, h: 1 },
  TABLE: { w: 12, h: 10 },
  FOOTER: { w: 12, h: 1 },
  TEXT: { w: 6, h: 3 },
  CHART: { w: 6, h: 4 },
};
const SINGLE: ReportBlockType[] = ['HEADER', 'TABLE', 'FOOTER'];
let seq = 0;

/** /relatorios/templates/editor/:templateId ('novo' for a new one): name, fields, default filters and the layout. */
export default function TemplateEditorPage({ title }: PageProps) {
  const param = useParams().templateId;
  const id = param && param !== 'novo' ? Number(param) : null;
  const { data: tpl, error, isPending, refetch } = useReportTemplate(id);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const start = DEFAULT_REPORT_TEMPLATES[0];
  const [name, setName] = useState('');
  const [fields, setFields] = useState<ReportFieldKey[]>(start.fields);
  const [filtros, setFiltros] = useState<FiltrosDraft>(EMPTY_FILTROS);
  const [blocks, setBlocks] = useState<ReportBlock[]>(start.layout);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, run] = useBusy();

  useEffect(() => {
    if (!tpl) return;
    setName(tpl.name);
    setFields(tpl.fields);
    setFiltros(fromFiltros(tpl.filters));
    setBlocks(tpl.layout);
  }, [tpl]);

  const selected = blocks.find((b) => b.id === selectedId) ?? null;
  const setRect = (bid: string, rect: Pick<ReportBlock, 'x' | 'y' | 'w' | 'h'>) => {
    const r = clampRect(rect);
    if (!fits(blocks, bid, r)) {
      toast.error('Blocos sobrepostos na grade.');
      return false;
    }
    setBlocks((bs) => bs.map((b) => (b.id === bid ? { ...b, ...r } : b)));
    return true;
  };
  const add = (type: ReportBlockType) => {
    const y = Math.max(...blocks.map((b) => b.y + b.h), 0);
    const b: ReportBlock = {
      id: `${type.toLowerCase()}-${Date.now().toString(36)}${seq++}`,
      type,
      x: 0,
      y,
      ...DEFAULT_SIZE[type],
      styles: {},
      props:
        type === 'CHART'
          ? { chartKind: 'bar', groupBy: 'status', measure: 'quantidade' }
          : type === 'TEXT'
            ? { content: 'Texto' }
            : {},
    };
    setBlocks((bs) => [...bs, b]);
    setSelectedId(b.id);
  };
  const toggleField = (key: ReportFieldKey, on: boolean) =>
    setFields((fs) => (on ? [...fs, key] : fs.filter((f) => f !== key)));

  const save = async () => {
    const f = toFiltros(filtros);
    const parsed = reportTemplateCreateBody.safeParse({ name, fields, filters: f.filtros, layout: blocks });
    const errs: Record<string, string> = { ...f.errors };
    if (!parsed.success) for (const i of parsed.error.issues) errs[i.path.join('.')] ??= i.message;
    setErrors(errs);
    if (!parsed.success || Object.keys(f.errors).length) {
      toast.error(Object.values(errs)[0] ?? 'Verifique os campos.');
      return;
    }
    await run(async () => {
      const saved = tpl
        ? await updateReportTemplate(tpl.id, { ...parsed.data, version: tpl.version })
        : await createReportTemplate(parsed.data);
      toast.success(tpl ? RELATORIO_MSG.templateUpdated : RELATORIO_MSG.templateCreated);
      await qc.invalidateQueries({ queryKey: relatorioKeys.templates });
      if (!tpl) void navigate(`/relatorios/templates/editor/${saved.id}`, { replace: true });
      else qc.setQueryData(relatorioKeys.template(saved.id), saved);
    });
  };

  if (id && isPending) return <ContentSpinner />;
  if (id && error) return <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />;
  return (
    <Box>
      <PageHeader
        title={tpl ? `${title}: ${tpl.name}` : 'Novo modelo de relatório'}
        actions={
          <>
            <Button component={RouterLink} to="/relatorios/templates" startIcon={<ArrowBack />}>
              Voltar
            </Button>
            {tpl && (
              <Button component={RouterLink} to={`/relatorios/ver/${tpl.id}`}>
                Visualizar
              </Button>
            )}
            <Button variant="contained" startIcon={<SaveOutlined />} onClick={save} disabled={busy}>
              Salvar
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          id="tpl-name"
          label="Nome do modelo"
          required
          fullWidth
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          sx={{ mb: 2 }}
        />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Campos da tabela
        </Typography>
        <Box role="group" aria-label="Campos da tabela" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mb: 1 }}>
          {PATRIMONIO_SHEET_COLUMNS.map((c) => (
            <FormControlLabel
              key={c.key}
              control={
                <Checkbox checked={fields.includes(c.key)} onChange={(e) => toggleField(c.key, e.target.checked)} />
              }
              label={c.header}
            />
          ))}
        </Box>
        {errors.fields && (
          <Typography color="error" variant="body2">
            {errors.fields}
          </Typography>
        )}
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 1, mb: 1 }}>
          Filtros padrão
        </Typography>
        <FiltrosFields value={filtros} onChange={setFiltros} errors={errors} idPrefix="tpl" />
      </Paper>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} role="group" aria-label="Adicionar bloco">
        {REPORT_BLOCK_TYPES.map((t) => (
          <Button
            key={t}
            size="small"
            variant="outlined"
            onClick={() => add(t)}
            disabled={SINGLE.includes(t) && blocks.some((b) => b.type === t)}
          >
            + {REPORT_BLOCK_LABELS[t]}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <GridCanvas blocks={blocks} selectedId={selectedId} onSelect={setSelectedId} onChange={setRect} />
          {errors.layout && (
            <Typography color="error" variant="body2">
              {errors.layout}
            </Typography>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
          {selected ? (
            <BlockPanel
              block={selected}
              onRect={(r) => setRect(selected.id, r)}
              onChange={(nb) => setBlocks((bs) => bs.map((b) => (b.id === nb.id ? nb : b)))}
              onRemove={() => {
                setBlocks((bs) => bs.filter((b) => b.id !== selected.id));
                setSelectedId(null);
              }}
            />
          ) : (
            <Typography color="text.secondary">
              Selecione um bloco na grade para editar posição, tamanho, estilo e conteúdo.
            </Typography>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
