import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { ChangePasswordFields, changePasswordForm, useChangePassword, type ChangePasswordForm } from '../auth';
import { useSessionPolicy } from '../security';
import { ProfileCard } from './ProfileCard';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** /perfil: the own name and avatar, password, two-step sign-in and active sessions. */
export default function ProfilePage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword(() => reset(EMPTY));
  const minLength = useSessionPolicy()?.passwordMinLength ?? 8;
  if (!user) return null;
  const { errors } = formState;

  return (
    <>
      <PageHeader title={title} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ProfileCard key={user.id} user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" component="h2" id="password-form-title">
              Alterar Senha
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              A nova senha deve ter no mínimo {minLength} caracteres, com letra maiúscula, letra minúscula, número e
              caractere especial.
            </Typography>
            <Box
              component="form"
              noValidate
              aria-labelledby="password-form-title"
              onSubmit={handleSubmit((v) => mutation.mutate(v))}
            >
              <ChangePasswordFields register={register} errors={errors} id="profile" />
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={mutation.isPending}>
                {mutation.isPending ? 'Salvando...' : 'Salvar Nova Senha'}
              </Button>
            </Box>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TwoFactorSection />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <SessionsSection />
        </Grid>
      </Grid>
    </>
  );
}
