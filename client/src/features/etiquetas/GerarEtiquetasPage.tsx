import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Print from '@mui/icons-material/Print';
import {
  ETIQUETA_MSG,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  type GerarEtiquetasBody,
  type LabelLayout,
  type LabelLayoutTipo,
  type SheetPresetId,
} from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { JobProgressPanel, patchJob } from '../downloads';
import { useSectors } from '../sectors';
import { fetchAsset, requestEtiquetas } from './api';
import { LabelPreview } from './LabelPreview';
import { useAssetSample, useLabelTemplates } from './queries';
import { sampleOf } from './sample';
import { SheetPreview } from './SheetPreview';
import { gridOf, num, Num, SheetFields, type Grid } from './SheetFields';
import { useLabelContext } from './useLabelContext';
import { useSession } from '../../lib/session';

type Fonte = 'selecao' | 'filtros' | 'faixa';
const TIPOS: Array<[LabelLayoutTipo, string]> = [
  ['folha', 'Folha (A4 / Carta)'],
  ['termica', 'Impressora térmica (PDF, uma por página)'],
  ['zpl', 'ZPL (Zebra, Elgin, Argox)'],
  ['epl', 'EPL (Zebra/Eltron, Argox)'],
];

/**
 * /gerar-etiquetas: which assets (a selection from the list, filters, or a range of numbers), which
 * template, how they go on paper, the sheet preview, then the job's progress and the download.
 */
export default function GerarEtiquetasPage({ title }: PageProps) {
  const location = useLocation();
  const passed = (location.state as { patrimonioIds?: number[] } | null)?.patrimonioIds ?? [];
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const phone = useMediaQuery('(max-width:767.98px)');
  const { data: templates, isPending, isError, refetch } = useLabelTemplates();
  const sectors = useSectors();
  const [fonte, setFonte] = useState<Fonte>(passed.length ? 'selecao' : 'filtros');
  const [sectorId, setSectorId] = useState('');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [faixa, setFaixa] = useState({ de: '', ate: '' });
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [tipo, setTipo] = useState<LabelLayoutTipo>('folha');
  const [preset, setPreset] = useState<SheetPresetId | 'personalizado'>('pimaco_a4260');
  const [grid, setGrid] = useState<Grid>(gridOf('pimaco_a4260'));
  const [inicio, setInicio] = useState('1');
  const [ajuste, setAjuste] = useState({ x: '0', y: '0' });
  const [dpi, setDpi] = useState<203 | 300>(203);

  useEffect(() => {
    if (templateId === '' && templates?.length) setTemplateId((templates.find((t) => t.isDefault) ?? templates[0]).id);
  }, [templates, templateId]);

  const template = templates?.find((t) => t.id === templateId);
  const filtros = useMemo(
    () => ({ ...(sectorId ? { sectorId } : {}), ...(status ? { status } : {}), ...(q.trim() ? { q: q.trim() } : {}) }),
    [sectorId, status, q],
  );
  const sample = useAssetSample(fonte === 'faixa' ? { q: faixa.de } : filtros, fonte !== 'selecao');
  const picked = useQueries({
    queries: passed
      .slice(0, 6)
      .map((id) => ({ queryKey: ['patrimonios', 'label', id], queryFn: () => fetchAsset(id) })),
  });
  const assets = fonte === 'selecao' ? picked.flatMap((r) => (r.data ? [r.data] : [])) : (sample.data?.items ?? []);
  const { logo } = useLabelContext(null);
  const samples = assets.map((a) => sampleOf(a, user?.municipalityId ?? 0, user?.municipalityName ?? ''));
  const count = fonte === 'selecao' ? passed.length : fonte === 'filtros' ? (sample.data?.total ?? 0) : 0;

  const layout: LabelLayout = {
    tipo,
    ...(tipo === 'folha'
      ? {
          ...(preset !== 'personalizado' ? { preset } : {}),
          pagina: grid.pagina,
          linhas: num(grid.linhas),
          colunas: num(grid.colunas),
          margens: { superior: num(grid.superior), esquerda: num(grid.esquerda) },
          espacamento: { horizontal: num(grid.horizontal), vertical: num(grid.vertical) },
          posicaoInicial: Math.max(1, Math.trunc(num(inicio)) || 1),
        }
      : {}),
    ajuste: { x: num(ajuste.x) || 0, y: num(ajuste.y) || 0 },
    ...(tipo === 'zpl' || tipo === 'epl' ? { dpi } : {}),
  };

  const generate = useMutation({
    mutationFn: () => {
      const body: GerarEtiquetasBody = {
        templateId: Number(templateId),
        layout,
        ...(fonte === 'selecao'
          ? { patrimonioIds: passed }
          : fonte === 'faixa'
            ? { faixa: { de: faixa.de.trim(), ate: faixa.ate.trim() } }
            : { filtros }),
      };
      return requestEtiquetas(body);
    },
    onSuccess: (job) => {
      patchJob(qc, job);
      setParams({ job: job.id }, { replace: true, state: location.state });
      toast.info(ETIQUETA_MSG.generateRequested);
    },
    onError: (err) => toast.fromError(err, ETIQUETA_MSG.generateFailed),
  });

  if (isPending) return <ContentSpinner />;
  if (isError) return <LoadError message={ETIQUETA_MSG.loadFailed} onRetry={() => void refetch()} />;

  const previewWidth = phone ? 330 : 520;
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Etiquetas com QR code para os bens: folhas Pimaco/Avery, térmicas, ZPL ou EPL."
      />
      {jobId && (
        <JobProgressPanel jobId={jobId} title="Geração de etiquetas" onClose={() => setParams({}, { replace: true })} />
      )}
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', lg: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', lg: 420 }, flexShrink: 0 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="subtitle2" component="h2">
              Bens
            </Typography>
            <RadioGroup
              row
              value={fonte}
              onChange={(e) => setFonte(e.target.value as Fonte)}
              aria-label="Origem dos bens"
            >
              {passed.length > 0 && (
                <FormControlLabel value="selecao" control={<Radio />} label={`Selecionados (${passed.length})`} />
              )}
              <FormControlLabel value="filtros" control={<Radio />} label="Filtros" />
              <FormControlLabel value="faixa" control={<Radio />} label="Faixa de números" />
            </RadioGroup>
            {fonte === 'filtros' && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <TextField
                  select
                  size="small"
                  label="Setor"
                  slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  value={sectorId}
                  onChange={(e) => setSectorId(e.target.value)}
                  sx={{ flex: '1 1 160px' }}
                >
                  <MenuItem value="">Todos</MenuItem>
                  {(sectors.data?.sectors ?? []).map((s) => (
                    <MenuItem key={s.id} value={String(s.id)}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label="Status"
                  slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  value={status}
                  onChange={(e) => setStatus(e.target.value)}
                  sx={{ flex: '1 1 120px' }}
                >
                  <MenuItem value="">Todos</MenuItem>
                  {PATRIMONIO_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {PATRIMONIO_STATUS_LABELS[s]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label="Número ou descrição"
                  value={q}
                  onChange={(e) => setQ(e.target.value)}
                  sx={{ flex: '1 1 100%' }}
                />
              </Box>
            )}
            {fonte === 'faixa' && (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <TextField
                  size="small"
                  label="Do número"
                  value={faixa.de}
                  onChange={(e) => setFaixa({ ...faixa, de: e.target.value })}
                />
                <TextField
                  size="small"
                  label="Até o número"
                  value={faixa.ate}
                  onChange={(e) => setFaixa({ ...faixa, ate: e.target.value })}
                />
              </Box>
            )}
            <TextField
              select
              size="small"
              label="Template"
              value={templateId}
              onChange={(e) => setTemplateId(Number(e.target.value))}
            >
              {(templates ?? []).map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name} {t.isDefault ? '(padrão)' : ''}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle2" component="h2">
              Saída
            </Typography>
            <TextField
              select
              size="small"
              label="Tipo"
              value={tipo}
              onChange={(e) => setTipo(e.target.value as LabelLayoutTipo)}
            >
              {TIPOS.map(([v, l]) => (
                <MenuItem key={v} value={v}>
                  {l}
                </MenuItem>
              ))}
            </TextField>
            {tipo === 'folha' && (
              <SheetFields
                preset={preset}
                grid={grid}
                inicio={inicio}
                onPreset={(v) => {
                  setPreset(v);
                  if (v !== 'personalizado') setGrid(gridOf(v));
                }}
                onGrid={setGrid}
                onInicio={setInicio}
              />
            )}
            {(tipo === 'zpl' || tipo === 'epl') && (
              <TextField
                select
                size="small"
                label="Resolução"
                value={dpi}
                onChange={(e) => setDpi(Number(e.target.value) as 203 | 300)}
              >
                <MenuItem value={203}>203 dpi</MenuItem>
                <MenuItem value={300}>300 dpi</MenuItem>
              </TextField>
            )}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Num label="Ajuste X (mm)" value={ajuste.x} onChange={(x) => setAjuste({ ...ajuste, x })} />
              <Num label="Ajuste Y (mm)" value={ajuste.y} onChange={(y) => setAjuste({ ...ajuste, y })} />
            </Box>
            <Button
              variant="contained"
              startIcon={<Print />}
              onClick={() => generate.mutate()}
              disabled={!template || generate.isPending}
            >
              Gerar etiquetas
            </Button>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%', overflow: 'auto' }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            Pré-visualização
          </Typography>
          {!template ? null : tipo === 'folha' ? (
            <SheetPreview
              layout={layout}
              template={template}
              samples={samples}
              count={fonte === 'faixa' ? Math.max(samples.length, 1) : count}
              logo={logo}
              width={previewWidth}
              onStart={(pos) => setInicio(String(pos))}
            />
          ) : (
            <Box data-testid="label-preview">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {tipo === 'termica'
                  ? `Uma etiqueta por página de ${template.width} × ${template.height} mm.`
                  : `Arquivo de texto ${tipo.toUpperCase()} para enviar à impressora (${dpi} dpi). Logos saem como o nome do município.`}
              </Typography>
              {samples[0] && (
                <LabelPreview
                  width={template.width}
                  height={template.height}
                  elements={template.elements}
                  sample={samples[0]}
                  logo={logo}
                  scale={Math.min(6, previewWidth / template.width)}
                />
              )}
            </Box>
          )}
        </Paper>
      </Box>
    </>
  );
}
