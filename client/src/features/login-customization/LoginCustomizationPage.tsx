import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import {
  CUSTOMIZATION_MSG,
  DEFAULT_CUSTOMIZATION,
  customizationSchema,
  type Customization,
  type CustomizationFileField,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import {
  FileField,
  cacheCustomization,
  customizationKeys,
  resetCustomization,
  saveCustomization,
  useCustomization,
  useCustomizationScope,
} from '../customization';
import { ColorField } from './ColorField';

import { LoginPreview } from './LoginPreview';

const FONTS = [
  { value: '', label: 'Padrão do sistema' },
  { value: 'Inter, Roboto, Arial, sans-serif', label: 'Inter' },
  { value: 'Roboto, Arial, sans-serif', label: 'Roboto' },
  { value: 'Arial, Helvetica, sans-serif', label: 'Arial' },
  { value: 'Verdana, Geneva, sans-serif', label: 'Verdana' },
  { value: 'Georgia, "Times New Roman", serif', label: 'Georgia' },
  { value: '"Trebuchet MS", sans-serif', label: 'Trebuchet MS' },
];
const LAYOUTS = [
  { value: 'center', label: 'Centralizado' },
  { value: 'left', label: 'Formulário à esquerda' },
  { value: 'right', label: 'Formulário à direita' },
  { value: 'split', label: 'Dividido (marca + formulário)' },
];
const BACKGROUNDS = [
  { value: 'color', label: 'Cor sólida' },
  { value: 'image', label: 'Imagem' },
  { value: 'video', label: 'Vídeo' },
];

/** Width of an element, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(480);
  useEffect(() => {
    if (!ref.current) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.floor(e.contentRect.width) - 24));
    ro.observe(ref.current);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1, mt: 1 }}>
        {title}
      </Typography>
      <Grid container spacing={1.5}>
        {children}
      </Grid>
    </Box>
  );
}

/** A text field of the form bound by name (the common case here). */
function Text({
  control,
  name,
  label,
  select,
  multiline,
}: {
  control: Control<Customization>;
  name: keyof Customization;
  label: string;
  select?: Array<{ value: string; label: string }>;
  multiline?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string) ?? ''}
          id={`lc-${name}`}
          label={label}
          select={!!select}
          multiline={multiline}
          fullWidth
          size="small"
          margin="dense"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          {select?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** /superuser/customization: the installation's login screen (spec §2.8, §3), with a live preview. */
export default function LoginCustomizationPage({ title }: PageProps) {
  const current = useCustomization();
  const scope = useCustomizationScope();
  const qc = useQueryClient();
  const [confirmReset, setConfirmReset] = useState(false);
  const { ref, width } = useWidth();
  const form = useForm<Customization>({ resolver: zodResolver(customizationSchema), defaultValues: current });
  const { control, handleSubmit, reset, formState, setValue } = form;
  useEffect(() => {
    if (!formState.isDirty) reset(current);
  }, [current, reset, formState.isDirty]);
  const values = useWatch({ control }) as Customization;
  const preview = { ...DEFAULT_CUSTOMIZATION, ...current, ...values };

  const apply = (next: Customization) => {
    qc.setQueryData(customizationKeys.scope(scope), next);
    cacheCustomization(next);
  };
  const save = useMutation({
    mutationFn: saveCustomization,
    onSuccess: (next) => {
      apply(next);
      reset(next);
      toast.success(CUSTOMIZATION_MSG.saved);
    },
    onError: (err) => toast.fromError(err),
  });
  const restore = useMutation({
    mutationFn: resetCustomization,
    onSuccess: (next) => {
      apply(next);
      reset(next);
      toast.success(CUSTOMIZATION_MSG.reset);
    },
    onError: (err) => toast.fromError(err),
    onSettled: () => setConfirmReset(false),
  });
  const file = (name: CustomizationFileField) => (
    <Grid size={12}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <FileField
            field={name}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            onUploaded={(next) => {
              apply(next);
              setValue(name, next[name], { shouldDirty: false });
            }}
          />
        )}
      />
    </Grid>
  );
  const half = { xs: 12, sm: 6 } as const;

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Aparência da tela de login e da aba do navegador para toda a instalação."
        actions={
          <Button variant="outlined" color="warning" startIcon={<RestartAlt />} onClick={() => setConfirmReset(true)}>
            Restaurar padrão
          </Button>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Box component="form" noValidate onSubmit={handleSubmit((v) => save.mutate(v))} aria-label={title}>
              <Section title="Logotipos">
                {file('activeLogoUrl')}
                {file('secondaryLogoUrl')}
              </Section>
              <Section title="Fundo">
                <Grid size={half}>
                  <Text control={control} name="backgroundType" label="Tipo de fundo" select={BACKGROUNDS} />
                </Grid>
                <Grid size={half}>
                  <ColorField control={control} name="backgroundColor" label="Cor de fundo" />
                </Grid>
                {values.backgroundType === 'image' && file('backgroundImageUrl')}
                {values.backgroundType === 'video' && (
                  <>
                    {file('backgroundVideoUrl')}
                    {(['videoLoop', 'videoMuted'] as const).map((n) => (
                      <Grid key={n} size={half}>
                        <Controller
                          control={control}
                          name={n}
                          render={({ field }) => (
                            <FormControlLabel
                              control={
                                <Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />
                              }
                              label={n === 'videoLoop' ? 'Repetir vídeo' : 'Vídeo sem som'}
                            />
                          )}
                        />
                      </Grid>
                    ))}
                  </>
                )}
              </Section>
              <Section title="Layout e textos">
                <Grid size={12}>
                  <Text control={control} name="layout" label="Layout" select={LAYOUTS} />
                </Grid>
                <Grid size={half}>
                  <Text control={control} name="welcomeTitle" label="Título de boas-vindas" />
                </Grid>
                <Grid size={half}>
                  <Text control={control} name="welcomeSubtitle" label="Subtítulo" />
                </Grid>
                <Grid size={12}>
                  <Text control={control} name="loginFooterText" label="Rodapé da tela de login" multiline />
                </Grid>
                <Grid size={12}>
                  <Text control={control} name="systemFooterText" label="Rodapé do sistema (padrão dos municípios)" />
                </Grid>
              </Section>
              <Section title="Cores e fonte">
                <Grid size={half}>
                  <ColorField control={control} name="primaryColor" label="Cor principal" />
                </Grid>
                <Grid size={half}>
                  <ColorField control={control} name="buttonTextColor" label="Cor do texto dos botões" />
                </Grid>
                <Grid size={12}>
                  <Text control={control} name="fontFamily" label="Fonte" select={FONTS} />
                </Grid>
              </Section>
              <Section title="Navegador">
                <Grid size={12}>
                  <Text control={control} name="browserTitle" label="Título da aba do navegador" />
                </Grid>
                {file('faviconUrl')}
              </Section>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
                  {save.isPending ? 'Salvando...' : 'Salvar'}
                </Button>
                <Button onClick={() => reset(current)} disabled={!formState.isDirty}>
                  Descartar alterações
                </Button>
              </Box>
            </Box>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Box ref={ref} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
            <LoginPreview c={preview} width={width} />
          </Box>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirmReset}
        title="Restaurar padrão"
        message="A tela de login voltará à aparência padrão e os arquivos enviados serão removidos. Deseja continuar?"
        confirmLabel="Restaurar"
        destructive
        busy={restore.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => restore.mutate()}
      />
    </>
  );
}
