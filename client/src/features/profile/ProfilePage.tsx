import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSession } from '../../lib/session';
import { PasswordField } from '../../components/PasswordField';
import { PageHeader } from '../../components/PageHeader';
import { RoleBadge } from '../../components/RoleBadge';
import { UserAvatar } from '../../components/UserAvatar';
import type { PageProps } from '../../lib/feature';
import { changePasswordForm, useChangePassword, type ChangePasswordForm } from '../auth';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** /perfil: the signed-in user and the own-password change form. */
export default function ProfilePage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword(() => reset(EMPTY));
  if (!user) return null;
  const { errors } = formState;

  return (
    <>
      <PageHeader title={title} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <UserAvatar name={user.name} avatarUrl={user.avatarUrl} size={64} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h2" component="h2">
                  {user.name}
                </Typography>
                <Typography color="text.secondary">{user.email}</Typography>
                <Box sx={{ mt: 1 }}>
                  <RoleBadge role={user.role} />
                </Box>
              </Box>
            </Box>
            {user.municipalityName && (
              <Typography sx={{ mt: 3 }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Município:{' '}
                </Box>
                {user.municipalityName}
              </Typography>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h2" component="h2" id="password-form-title">
              Alterar Senha
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              A nova senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula, número e caractere
              especial.
            </Typography>
            <Box
              component="form"
              noValidate
              aria-labelledby="password-form-title"
              onSubmit={handleSubmit((v) => mutation.mutate(v))}
            >
              <TextField
                {...register('currentPassword')}
                id="profile-current-password"
                label="Senha Atual"
                type="password"
                autoComplete="current-password"
                fullWidth
                margin="normal"
                error={!!errors.currentPassword}
                helperText={errors.currentPassword?.message}
              />
              <PasswordField
                {...register('password')}
                id="profile-new-password"
                label="Nova Senha"
                autoComplete="new-password"
                fullWidth
                margin="normal"
                error={!!errors.password}
                helperText={errors.password?.message}
              />
              <TextField
                {...register('confirmPassword')}
                id="profile-confirm-password"
                label="Confirmar Nova Senha"
                type="password"
                autoComplete="new-password"
                fullWidth
                margin="normal"
                error={!!errors.confirmPassword}
                helperText={errors.confirmPassword?.message}
              />
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={mutation.isPending}>
                {mutation.isPending ? 'Salvando...' : 'Salvar Nova Senha'}
              </Button>
            </Box>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
