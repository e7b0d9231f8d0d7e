import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { DEFAULT_CUSTOMIZATION, HEADER_DEFAULTS, customizationSchema, type Customization } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { cacheCustomization, resetCustomization, saveCustomization } from './api';
import { customizationKeys } from './keys';
import { FileField } from './FileField';
import { HeaderPreview } from './HeaderPreview';
import { useCustomization, useCustomizationScope } from './queries';

const brandingForm = customizationSchema.pick({
  prefeituraName: true,
  secretariaResponsavel: true,
  departamentoResponsavel: true,
  activeLogoUrl: true,
  primaryColor: true,
  browserTitle: true,
  faviconUrl: true,
  systemFooterText: true,
});
type BrandingForm = z.infer<typeof brandingForm>;
const pickBranding = (c: Customization): BrandingForm => ({
  prefeituraName: c.prefeituraName,
  secretariaResponsavel: c.secretariaResponsavel,
  departamentoResponsavel: c.departamentoResponsavel,
  activeLogoUrl: c.activeLogoUrl,
  primaryColor: c.primaryColor,
  browserTitle: c.browserTitle,
  faviconUrl: c.faviconUrl,
  systemFooterText: c.systemFooterText,
});

const SAVED = 'Personalização salva com sucesso.';
const RESET_DONE = 'Personalização restaurada para o padrão.';

/** /configuracoes/personalizacao: header branding and primary colour (read-only without settings:update). */
export default function PersonalizationPage({ title }: PageProps) {
  const can = useCan();
  const canEdit = can('settings:update');
  const current = useCustomization();
  const scope = useCustomizationScope();
  const qc = useQueryClient();
  const [confirmReset, setConfirmReset] = useState(false);
  const { register, control, handleSubmit, reset, resetField, formState, watch } = useForm<BrandingForm>({
    resolver: zodResolver(brandingForm),
    defaultValues: pickBranding(current),
  });
  // Stored settings that change under the form (a file upload, another admin's save) update the untouched
  // inputs only: what the person typed and has not saved yet stays (issue 35).
  useEffect(() => {
    reset(pickBranding(current), { keepDirtyValues: true });
  }, [current, reset]);
  const { errors, isDirty } = formState;

  const apply = (next: Customization) => {
    qc.setQueryData(customizationKeys.scope(scope), next);
    cacheCustomization(next);
  };
  const save = useMutation({
    mutationFn: saveCustomization,
    onSuccess: (next) => {
      reset(pickBranding(next));
      apply(next);
      toast.success(SAVED);
    },
    onError: (err, patch) => {
      // Spec §8: the change is still applied locally when the server call fails.
      apply({ ...current, ...patch });
      toast.fromError(err);
    },
  });
  const restore = useMutation({
    mutationFn: resetCustomization,
    onSuccess: (next) => {
      reset(pickBranding(next));
      apply(next);
      toast.success(RESET_DONE);
    },
    onError: (err) => {
      apply({ ...DEFAULT_CUSTOMIZATION });
      toast.fromError(err);
    },
    onSettled: () => setConfirmReset(false),
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Identidade visual exibida no cabeçalho, na aba do navegador e nas telas do sistema."
        actions={
          canEdit && (
            <Button variant="outlined" color="warning" startIcon={<RestartAlt />} onClick={() => setConfirmReset(true)}>
              Restaurar padrão
            </Button>
          )
        }
      />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Você pode consultar a personalização, mas apenas administradores podem alterá-la.
        </Alert>
      )}
      <HeaderPreview c={{ ...current, ...watch() }} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box component="form" noValidate onSubmit={handleSubmit((v) => save.mutate(v))}>
          <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, margin: 0, padding: 0 }}>
            <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
              Cabeçalho
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...register('prefeituraName')}
                  id="c-prefeitura"
                  label="Nome da prefeitura"
                  placeholder={HEADER_DEFAULTS.prefeituraName}
                  fullWidth
                  margin="normal"
                  error={!!errors.prefeituraName}
                  helperText={errors.prefeituraName?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...register('secretariaResponsavel')}
                  id="c-secretaria"
                  label="Secretaria responsável"
                  placeholder={HEADER_DEFAULTS.secretariaResponsavel}
                  fullWidth
                  margin="normal"
                  error={!!errors.secretariaResponsavel}
                  helperText={errors.secretariaResponsavel?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  {...register('departamentoResponsavel')}
                  id="c-departamento"
                  label="Departamento responsável"
                  placeholder={HEADER_DEFAULTS.departamentoResponsavel}
                  fullWidth
                  margin="normal"
                  error={!!errors.departamentoResponsavel}
                  helperText={errors.departamentoResponsavel?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <Controller
                  control={control}
                  name="activeLogoUrl"
                  render={({ field, fieldState }) => (
                    <FileField
                      field="activeLogoUrl"
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                      disabled={!canEdit}
                      onUploaded={(next) => {
                        apply(next);
                        resetField('activeLogoUrl', { defaultValue: next.activeLogoUrl });
                      }}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Controller
                  control={control}
                  name="primaryColor"
                  render={({ field }) => (
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      <TextField
                        {...field}
                        id="c-primary"
                        label="Cor principal"
                        fullWidth
                        margin="normal"
                        error={!!errors.primaryColor}
                        helperText={errors.primaryColor?.message ?? 'Formato #RRGGBB'}
                        slotProps={{ inputLabel: { shrink: true } }}
                      />
                      <Box
                        component="input"
                        type="color"
                        aria-label="Escolher cor principal"
                        value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#2563eb'}
                        onChange={(e) => field.onChange(e.target.value)}
                        sx={{
                          mt: 2,
                          width: 56,
                          height: 56,
                          border: 0,
                          p: 0,
                          bgcolor: 'transparent',
                          cursor: 'pointer',
                        }}
                      />
                    </Box>
                  )}
                />
              </Grid>
            </Grid>
            <Typography variant="h2" component="h2" sx={{ mt: 3, mb: 1 }}>
              Navegador e rodapé
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  {...register('browserTitle')}
                  id="c-title"
                  label="Título da aba do navegador"
                  placeholder="Tombo - Sistema de Gestão de Patrimônio"
                  fullWidth
                  margin="normal"
                  error={!!errors.browserTitle}
                  helperText={errors.browserTitle?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  {...register('systemFooterText')}
                  id="c-footer"
                  label="Texto do rodapé"
                  fullWidth
                  margin="normal"
                  error={!!errors.systemFooterText}
                  helperText={errors.systemFooterText?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
              <Grid size={12}>
                <Controller
                  control={control}
                  name="faviconUrl"
                  render={({ field, fieldState }) => (
                    <FileField
                      field="faviconUrl"
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                      disabled={!canEdit}
                      onUploaded={(next) => {
                        apply(next);
                        resetField('faviconUrl', { defaultValue: next.faviconUrl });
                      }}
                    />
                  )}
                />
              </Grid>
            </Grid>
            {canEdit && (
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                <Button type="submit" variant="contained" disabled={!isDirty || save.isPending}>
                  {save.isPending ? 'Salvando...' : 'Salvar'}
                </Button>
                <Button onClick={() => reset(pickBranding(current))} disabled={!isDirty}>
                  Descartar alterações
                </Button>
              </Box>
            )}
          </fieldset>
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title="Restaurar padrão"
        message="Todas as personalizações voltarão aos valores padrão. Deseja continuar?"
        confirmLabel="Restaurar"
        destructive
        busy={restore.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => restore.mutate()}
      />
    </>
  );
}
