import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_SECURITY_POLICY, securityPolicySchema, type SecurityPolicy } from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/LoadError';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { usePolicy, useSavePolicy } from './queries';

const CLASSES = ['Letra minúscula', 'Letra maiúscula', 'Número', 'Caractere especial'] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /configuracoes/seguranca: the municipality's password, lockout, idle and two-step sign-in policy. */
export default function SecurityPage({ title }: PageProps) {
  const can = useCan();
  const canEdit = can('settings:update');
  const query = usePolicy();
  const save = useSavePolicy();
  const { register, control, handleSubmit, reset, formState } = useForm<SecurityPolicy>({
    resolver: zodResolver(securityPolicySchema),
    defaultValues: DEFAULT_SECURITY_POLICY,
  });
  useEffect(() => {
    if (query.data) reset(query.data.policy);
  }, [query.data, reset]);
  if (query.isError)
    return (
      <LoadError message="Não foi possível carregar a política de segurança." onRetry={() => void query.refetch()} />
    );
  const { errors } = formState;
  const num = (name: keyof SecurityPolicy, label: string, help: string, id: string) => (
    <TextField
      {...register(name, { valueAsNumber: true })}
      id={id}
      label={label}
      type="number"
      fullWidth
      margin="normal"
      disabled={!canEdit}
      error={!!errors[name]}
      helperText={errors[name]?.message ?? help}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <>
      <PageHeader title={title} />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Somente administradores podem alterar a política de segurança.
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label="Política de segurança"
        onSubmit={handleSubmit((policy) => save.mutate({ policy, version: query.data?.version ?? 0 }))}
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Senhas">
              {num(
                'passwordMinLength',
                'Tamanho mínimo da senha',
                'Entre 8 e 64 caracteres. Vale ao criar, redefinir ou alterar uma senha.',
                'policy-min-length',
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Sempre exigidos em toda senha:
              </Typography>
              <FormGroup>
                {CLASSES.map((c) => (
                  <FormControlLabel key={c} control={<Switch checked disabled />} label={c} />
                ))}
              </FormGroup>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Bloqueio por tentativas">
              {num(
                'lockoutThreshold',
                'Tentativas incorretas até o bloqueio',
                'Senhas e códigos de verificação incorretos contam juntos (3 a 20).',
                'policy-threshold',
              )}
              {num(
                'lockoutMinutes',
                'Duração do bloqueio (minutos)',
                'O bloqueio termina sozinho após esse tempo; 0 mantém a conta bloqueada até um administrador desbloquear.',
                'policy-lockout-minutes',
              )}
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Sessão">
              {num(
                'idleTimeoutMinutes',
                'Encerrar a sessão após inatividade (minutos)',
                'Padrão: 30 minutos (5 a 480).',
                'policy-idle',
              )}
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Verificação em duas etapas">
              <Controller
                control={control}
                name="requireTwoFactorForAdmins"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        disabled={!canEdit}
                      />
                    }
                    label="Exigir verificação em duas etapas para administradores"
                  />
                )}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Administradores sem a verificação ativada precisarão configurá-la no próximo acesso. Qualquer usuário
                pode ativá-la em Perfil.
              </Typography>
            </Section>
          </Grid>
        </Grid>
        {canEdit && (
          <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending || query.isLoading}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}
