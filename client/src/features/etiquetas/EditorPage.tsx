import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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

/** The first message of each field of one element's errors (x, y, content…), for its panel. */
function messagesOf(errs: FieldErrors<LabelElement> | undefined): Record<string, string> {
  if (!errs) return {};
  return Object.fromEntries(
    Object.entries(errs).flatMap(([k, v]) => {
      const message = (v as { message?: unknown } | undefined)?.message;
      return typeof message === 'string' ? [[k, message]] : [];
    }),
  );
}

/** The first message anywhere in the form's errors (shown above the element panel). */
function firstMessage(errs: unknown): string | undefined {
  if (!errs || typeof errs !== 'object') return undefined;
  const own = (errs as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const [k, v] of Object.entries(errs)) {
    if (k === 'ref' || k === 'type') continue;
    const m = firstMessage(v);
    if (m) return m;
  }
  return undefined;
}

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
  // The draft is the form's state; the shared schema the server validates with checks it on save, so
  // errors show next to their field (or element) before any request.
  const { control, register, handleSubmit, reset, setValue, watch, formState } = useForm<Draft>({
    resolver: zodResolver(labelTemplateCreateBody) as never,
    defaultValues: NEW_DRAFT,
  });
  const [loaded, setLoaded] = useState(isNew);
  const [selected, setSelected] = useState<string | null>(null);
  const [asset, setAsset] = useState<PatrimonioListItem | null>(null);
  // Fits the label on a phone's screen; 6 px/mm elsewhere.
  const [zoom, setZoom] = useState(() => Math.max(2, Math.min(6, Math.floor((window.innerWidth - 96) / 64))));
  const { logo, sample } = useLabelContext(asset);
  const draft = watch();
  const { errors, isSubmitted } = formState;

  useEffect(() => {
    if (!loaded && saved) {
      reset(templateBody(saved));
      setLoaded(true);
    }
  }, [loaded, saved, reset]);

  const index = draft.elements.findIndex((e) => e.id === selected);
  const el = index >= 0 ? draft.elements[index] : null;
  const elErrors = messagesOf(errors.elements?.[index] as never);
  const problem = firstMessage(errors);

  if (!isNew && (isPending || (!saved && !isError))) {
    if (!isPending && !saved) return <LoadError message={ETIQUETA_MSG.notFound} />;
    return <ContentSpinner />;
  }
  if (isError && !isNew) return <LoadError message={ETIQUETA_MSG.loadFailed} onRetry={() => void refetch()} />;
  if (!loaded) return <ContentSpinner />;

  const opts = { shouldDirty: true, shouldValidate: isSubmitted };
  const setElements = (elements: LabelElement[]) => setValue('elements', elements, opts);
  const patchEl = (eid: string, p: Partial<LabelElement>) => {
    const elements = watch('elements');
    const i = elements.findIndex((e) => e.id === eid);
    if (i >= 0) setValue(`elements.${i}`, { ...elements[i], ...p }, opts);
  };

  const save = handleSubmit(
    (values) => {
      const body = templateBody(values);
      if (isNew)
        create.mutate(body, { onSuccess: (t) => navigate(`/etiquetas/templates/editor/${t.id}`, { replace: true }) });
      else if (saved)
        update.mutate(
          { id: saved.id, body: { ...body, version: saved.version } },
          { onSuccess: (t) => reset(templateBody(t)) },
        );
    },
    // An element with a problem is selected, so its panel shows the message next to the field.
    (errs) => {
      const i = Array.isArray(errs.elements) ? errs.elements.findIndex(Boolean) : -1;
      if (i >= 0) setSelected(watch('elements')[i]?.id ?? null);
    },
  );

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
              onClick={() => void save()}
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
                  setElements([...draft.elements, e]);
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
              {...register('name')}
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                size="small"
                type="number"
                label="Largura (mm)"
                {...register('width', { valueAsNumber: true })}
                error={!!errors.width}
                helperText={errors.width?.message}
                slotProps={{ htmlInput: { step: 0.5 } }}
              />
              <TextField
                size="small"
                type="number"
                label="Altura (mm)"
                {...register('height', { valueAsNumber: true })}
                error={!!errors.height}
                helperText={errors.height?.message}
                slotProps={{ htmlInput: { step: 0.5 } }}
              />
            </Box>
            <Controller
              control={control}
              name="isDefault"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Template padrão"
                />
              )}
            />
            {problem && <Alert severity="error">{problem}</Alert>}
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              {el ? (
                <ElementPanel
                  element={el}
                  errors={elErrors}
                  customFields={customFields}
                  onChange={(p) => patchEl(el.id, p)}
                  onRemove={() => {
                    setElements(draft.elements.filter((e) => e.id !== el.id));
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
