import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import {
  DEFAULT_LABEL_TEMPLATE,
  ETIQUETA_MSG,
  LABEL_ELEMENT_TYPES,
  labelTemplateCreateBody,
  type LabelElement,
  type LabelElementType,
  type PatrimonioListItem,
} from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { useFormFields } from '../catalogs';
import { AssetPicker } from './AssetPicker';
import { ELEMENT_LABELS, ElementPanel } from './ElementPanel';
import { LabelPreview } from './LabelPreview';
import { templateBody, useLabelTemplateMutations, useLabelTemplates } from './queries';
import { useLabelContext } from './useLabelContext';

interface Draft {
  name: string;
  width: number;
  height: number;
  isDefault: boolean;
  elements: LabelElement[];
}

const NEW_DRAFT: Draft = { ...DEFAULT_LABEL_TEMPLATE, name: 'Novo template', isDefault: false };

/** A new element of a kind, placed at the top-left, sized to fit the label. */
function newElement(type: LabelElementType, d: Draft): LabelElement {
  const side = Math.min(15, d.width, d.height);
  const wide = { width: Math.min(30, d.width), height: Math.min(6, d.height) };
  const size = type === 'QRCODE' || type === 'LOGO' ? { width: side, height: side } : wide;
  return {
    id: `${type.toLowerCase()}-${Date.now().toString(36)}`,
    type,
    x: 0,
    y: 0,
    ...size,
    content: type === 'PATRIMONIO_FIELD' ? 'descricao' : type === 'TEXT' ? 'Texto' : '',
    fontSize: 9,
    fontWeight: 'normal',
    textAlign: 'left',
  };
}

/** /etiquetas/templates/editor/:templateId ('novo' = a new one): the label editor in millimetres. */
export default function EditorPage({ title }: PageProps) {
  const { templateId } = useParams();
  const isNew = templateId === 'novo';
  const id = Number(templateId);
  const navigate = useNavigate();
  const { data: templates, isPending, isError, refetch } = useLabelTemplates();
  const saved = templates?.find((t) => t.id === id);
  const { create, update } = useLabelTemplateMutations();
  const fields = useFormFields();
  const customFields = (fields.data ?? []).filter((f) => f.isCustom).map((f) => ({ key: f.key, label: f.label }));
  const [draft, setDraft] = useState<Draft | null>(isNew ? NEW_DRAFT : null);
  const [selected, setSelected] = useState<string | null>(null);
  const [asset, setAsset] = useState<PatrimonioListItem | null>(null);
  // Fits the label on a phone's screen; 6 px/mm elsewhere.
  const [zoom, setZoom] = useState(() => Math.max(2, Math.min(6, Math.floor((window.innerWidth - 96) / 64))));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { logo, sample } = useLabelContext(asset);

  useEffect(() => {
    if (!isNew && saved && !draft) setDraft(templateBody(saved));
  }, [isNew, saved, draft]);

  const el = draft?.elements.find((e) => e.id === selected) ?? null;
  const elErrors = useMemo(() => {
    if (!draft || !el) return {};
    const i = draft.elements.indexOf(el);
    const prefix = `elements.${i}.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  }, [errors, draft, el]);

  if (!isNew && (isPending || (!saved && !isError))) {
    if (!isPending && !saved) return <LoadError message={ETIQUETA_MSG.notFound} />;
    return <ContentSpinner />;
  }
  if (isError && !isNew) return <LoadError message={ETIQUETA_MSG.loadFailed} onRetry={() => void refetch()} />;
  if (!draft) return <ContentSpinner />;

  const patch = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  const patchEl = (eid: string, p: Partial<LabelElement>) =>
    setDraft((d) => d && { ...d, elements: d.elements.map((e) => (e.id === eid ? { ...e, ...p } : e)) });

  const save = () => {
    // The same schema the server validates with: errors show next to their field before any request.
    const parsed = labelTemplateCreateBody.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      const m = /^elements\.(\d+)\./.exec(first ?? '');
      if (m) setSelected(draft.elements[Number(m[1])].id);
      return;
    }
    setErrors({});
    const body = templateBody(draft);
    if (isNew)
      create.mutate(body, { onSuccess: (t) => navigate(`/etiquetas/templates/editor/${t.id}`, { replace: true }) });
    else if (saved)
      update.mutate(
        { id: saved.id, body: { ...body, version: saved.version } },
        { onSuccess: (t) => setDraft(templateBody(t)) },
      );
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Posições e tamanhos em milímetros. Arraste para mover, use o canto para redimensionar."
        actions={
          <>
            <Button component={RouterLink} to="/etiquetas/templates" startIcon={<ArrowBack />}>
              Voltar
            </Button>
            <Button
              variant="contained"
              startIcon={<Save />}
              onClick={save}
              disabled={create.isPending || update.isPending}
            >
              Salvar
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {LABEL_ELEMENT_TYPES.map((t) => (
              <Button
                key={t}
                size="small"
                variant="outlined"
                onClick={() => {
                  const e = newElement(t, draft);
                  patch({ elements: [...draft.elements, e] });
                  setSelected(e.id);
                }}
              >
                + {ELEMENT_LABELS[t]}
              </Button>
            ))}
          </Box>
          <Box sx={{ overflow: 'auto', p: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="label-canvas">
            <LabelPreview
              width={draft.width}
              height={draft.height}
              elements={draft.elements}
              sample={sample}
              logo={logo}
              scale={zoom}
              selectedId={selected}
              onSelect={setSelected}
              onChange={patchEl}
              label={`Etiqueta ${draft.name}, ${draft.width} × ${draft.height} mm`}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
            <Box sx={{ width: 180 }}>
              <Typography variant="caption" id="zoom-label">
                Zoom ({zoom} px/mm)
              </Typography>
              <Slider
                size="small"
                min={2}
                max={12}
                step={1}
                value={zoom}
                onChange={(_e, v) => setZoom(v as number)}
                aria-labelledby="zoom-label"
              />
            </Box>
            <AssetPicker value={asset} onChange={setAsset} />
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="subtitle2">Etiqueta</Typography>
            <TextField
              size="small"
              label="Nome"
              value={draft.name}
              onChange={(e) => patch({ name: e.target.value })}
              error={!!errors.name}
              helperText={errors.name}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                size="small"
                type="number"
                label="Largura (mm)"
                value={draft.width}
                onChange={(e) => patch({ width: Number(e.target.value) })}
                error={!!errors.width}
                helperText={errors.width}
                slotProps={{ htmlInput: { step: 0.5 } }}
              />
              <TextField
                size="small"
                type="number"
                label="Altura (mm)"
                value={draft.height}
                onChange={(e) => patch({ height: Number(e.target.value) })}
                error={!!errors.height}
                helperText={errors.height}
                slotProps={{ htmlInput: { step: 0.5 } }}
              />
            </Box>
            <FormControlLabel
              control={<Switch checked={draft.isDefault} onChange={(e) => patch({ isDefault: e.target.checked })} />}
              label="Template padrão"
            />
            {Object.keys(errors).length > 0 && <Alert severity="error">{Object.values(errors)[0]}</Alert>}
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              {el ? (
                <ElementPanel
                  element={el}
                  errors={elErrors}
                  customFields={customFields}
                  onChange={(p) => patchEl(el.id, p)}
                  onRemove={() => {
                    patch({ elements: draft.elements.filter((e) => e.id !== el.id) });
                    setSelected(null);
                  }}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Selecione um elemento na etiqueta para editar suas propriedades.
                </Typography>
              )}
            </Box>
          </Box>
        </Paper>
      </Box>
    </>
  );
}
