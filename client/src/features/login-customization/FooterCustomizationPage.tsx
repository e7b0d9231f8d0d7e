import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOMIZATION_MSG, FOOTER_VERSION, HEADER_DEFAULTS, customizationSchema } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { PageHeader } from '../../components/PageHeader';
import {
  cacheCustomization,
  customizationKeys,
  saveCustomization,
  useCustomization,
  useCustomizationScope,
} from '../customization';

const footerForm = customizationSchema.pick({ superUserFooterText: true });
type FooterForm = z.infer<typeof footerForm>;

/** /superuser/footer-customization: the text of the superuser area's footer (settings.superUserFooterText). */
export default function FooterCustomizationPage({ title }: PageProps) {
  const current = useCustomization();
  const scope = useCustomizationScope();
  const qc = useQueryClient();
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<FooterForm>({
    resolver: zodResolver(footerForm),
    defaultValues: { superUserFooterText: current.superUserFooterText },
  });
  useEffect(() => {
    reset({ superUserFooterText: current.superUserFooterText });
  }, [current.superUserFooterText, reset]);
  const text = watch('superUserFooterText');
  const save = useMutation({
    mutationFn: saveCustomization,
    onSuccess: (next) => {
      qc.setQueryData(customizationKeys.scope(scope), next);
      cacheCustomization(next);
      toast.success(CUSTOMIZATION_MSG.footerSaved);
    },
    onError: (err) => toast.fromError(err),
  });
  const { errors, isDirty } = formState;
  return (
    <>
      <PageHeader title={title} subtitle="Texto exibido no rodapé de todas as telas do painel do superusuário." />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}>
        <Box component="form" noValidate onSubmit={handleSubmit((v) => save.mutate(v))} aria-label={title}>
          <TextField
            {...register('superUserFooterText')}
            id="su-footer"
            label="Texto do rodapé"
            placeholder={HEADER_DEFAULTS.superUserFooterText}
            fullWidth
            margin="normal"
            error={!!errors.superUserFooterText}
            helperText={errors.superUserFooterText?.message ?? `Vazio: "${HEADER_DEFAULTS.superUserFooterText}".`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
            Pré-visualização
          </Typography>
          <Box
            data-testid="footer-preview"
            sx={{
              px: 2,
              py: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              color: 'text.secondary',
              display: 'flex',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <Typography variant="caption">{text?.trim() || HEADER_DEFAULTS.superUserFooterText}</Typography>
            <Typography variant="caption">{FOOTER_VERSION}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={!isDirty || save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
            <Button onClick={() => setValue('superUserFooterText', '', { shouldDirty: true })}>
              Usar texto padrão
            </Button>
          </Box>
        </Box>
      </Paper>
    </>
  );
}
