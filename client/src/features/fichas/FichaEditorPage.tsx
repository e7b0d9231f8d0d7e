import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Save from '@mui/icons-material/Save';
import {
  DEFAULT_FICHA_TEMPLATES,
  FICHA_FIELDS,
  FICHA_LIMITS,
  FICHA_MSG,
  FICHA_SECTION_LABELS,
  FICHA_SECTIONS,
  fichaTemplateBody,
  type FichaField,
  type FichaTemplateBody,
  type FichaTemplateInput,
} from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { ApiError } from '../../lib/http';
import { FichaPreview } from './FichaPreview';
import { templateBody, useFichaTemplate, useFichaTemplateMutations, usePreviewAsset } from './queries';

type Values = FichaTemplateBody;
const BLANK: Values = { ...DEFAULT_FICHA_TEMPLATES[0], name: '', isDefault: false };
const TOGGLES = [
  ['showPhoto', 'Mostrar foto do bem'],
  ['showQr', 'Mostrar QR code (consulta pública)'],
  ['showHistory', 'Mostrar histórico de movimentações'],
  ['showCustomFields', 'Mostrar campos personalizados'],
] as const;

/** /gerenciador-fichas/novo and /gerenciador-fichas/editor/:id: fields by section, toggles, signatures, live preview. */
export default function FichaEditorPage({ title }: PageProps) {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const { data: template, error, isPending, refetch } = useFichaTemplate(id);
  const { data: asset } = usePreviewAsset();
  const { create, update } = useFichaTemplateMutations();
  const { control, register, handleSubmit, reset, formState, setValue } = useForm<FichaTemplateInput, unknown, Values>({
    resolver: zodResolver(fichaTemplateBody) as never,
    defaultValues: BLANK,
  });
  useEffect(() => {
    if (template) reset(templateBody(template));
  }, [template, reset]);
  const values = useWatch({ control }) as FichaTemplateInput;
  const signatures = values.signatures ?? [];
  const { errors } = formState;

  const onSubmit = (body: Values) => {
    if (id && template)
      update.mutate(
        { id, body: { ...body, version: template.version } },
        { onError: (err) => err instanceof ApiError && err.status === 409 && void refetch() },
      );
    else
      create.mutate(body, { onSuccess: (t) => void navigate(`/gerenciador-fichas/editor/${t.id}`, { replace: true }) });
  };

  if (id && error)
    return (
      <LoadError
        message={
          error instanceof ApiError && error.status === 404 ? FICHA_MSG.notFound : 'Não foi possível carregar o modelo.'
        }
        onRetry={() => void refetch()}
      />
    );
  if (id && isPending) return <ContentSpinner />;
  const busy = create.isPending || update.isPending;

  return (
    <>
      <PageHeader
        title={id && template ? `${title}: ${template.name}` : title}
        subtitle="Escolha os campos, a foto, o QR code, o histórico e as linhas de assinatura da ficha."
        actions={
          <>
            <Button startIcon={<ArrowBack />} component={RouterLink} to="/gerenciador-fichas">
              Voltar
            </Button>
            <Button variant="contained" startIcon={<Save />} type="submit" form="ficha-form" disabled={busy}>
              Salvar
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="form"
          id="ficha-form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
        >
          <TextField
            label="Nome do modelo"
            fullWidth
            required
            {...register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Switch checked={!!field.value} onChange={(_e, v) => field.onChange(v)} />}
                label="Modelo padrão"
              />
            )}
          />
          <Controller
            control={control}
            name="fields"
            render={({ field }) => {
              const chosen = new Set((field.value ?? []) as FichaField[]);
              const toggle = (f: FichaField, on: boolean) =>
                field.onChange(
                  (Object.keys(FICHA_FIELDS) as FichaField[]).filter((k) => (k === f ? on : chosen.has(k))),
                );
              return (
                <Box sx={{ mt: 2 }} role="group" aria-labelledby="ficha-fields-label">
                  <FormLabel id="ficha-fields-label">Campos</FormLabel>
                  {FICHA_SECTIONS.map((s) => (
                    <Box key={s} sx={{ mt: 1 }}>
                      <Typography variant="subtitle2">{FICHA_SECTION_LABELS[s]}</Typography>
                      <FormGroup row>
                        {(Object.keys(FICHA_FIELDS) as FichaField[])
                          .filter((f) => FICHA_FIELDS[f].section === s)
                          .map((f) => (
                            <FormControlLabel
                              key={f}
                              control={<Checkbox checked={chosen.has(f)} onChange={(_e, on) => toggle(f, on)} />}
                              label={FICHA_FIELDS[f].label}
                            />
                          ))}
                      </FormGroup>
                    </Box>
                  ))}
                  {errors.fields && (
                    <FormHelperText error>{errors.fields.message ?? 'Campos inválidos.'}</FormHelperText>
                  )}
                </Box>
              );
            }}
          />
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Seções
          </Typography>
          <FormGroup>
            {TOGGLES.map(([name, text]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!!field.value} onChange={(_e, v) => field.onChange(v)} />}
                    label={text}
                  />
                )}
              />
            ))}
          </FormGroup>
          {values.showHistory && (
            <TextField
              type="number"
              label="Movimentações no histórico"
              sx={{ mt: 1, width: 240 }}
              {...register('historyLimit', { valueAsNumber: true })}
              error={!!errors.historyLimit}
              helperText={errors.historyLimit?.message ?? `De 1 a ${FICHA_LIMITS.historyMax}`}
              slotProps={{ htmlInput: { min: 1, max: FICHA_LIMITS.historyMax } }}
            />
          )}
          <Box sx={{ mt: 2 }} role="group" aria-labelledby="ficha-signatures-label">
            <FormLabel id="ficha-signatures-label">Linhas de assinatura</FormLabel>
            {signatures.map((sig, i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
                <TextField
                  size="small"
                  fullWidth
                  label={`Assinatura ${i + 1}`}
                  value={sig}
                  onChange={(e) =>
                    setValue(
                      'signatures',
                      signatures.map((x, j) => (j === i ? e.target.value : x)),
                      { shouldDirty: true },
                    )
                  }
                  error={!!errors.signatures?.[i]}
                  helperText={errors.signatures?.[i]?.message}
                />
                <IconButton
                  aria-label={`Remover assinatura ${i + 1}`}
                  onClick={() =>
                    setValue(
                      'signatures',
                      signatures.filter((_x, j) => j !== i),
                      { shouldDirty: true },
                    )
                  }
                >
                  <DeleteOutline />
                </IconButton>
              </Box>
            ))}
            <Button
              sx={{ mt: 1 }}
              startIcon={<Add />}
              disabled={signatures.length >= FICHA_LIMITS.signaturesMax}
              onClick={() => setValue('signatures', [...signatures, ''], { shouldDirty: true })}
            >
              Adicionar assinatura
            </Button>
            {errors.signatures?.message && <FormHelperText error>{errors.signatures.message}</FormHelperText>}
          </Box>
        </Paper>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Prévia {asset ? `— bem ${asset.numero_patrimonio}` : ''}
          </Typography>
          <FichaPreview template={values} asset={asset ?? null} />
        </Box>
      </Box>
    </>
  );
}
