import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { MSG, newPasswordForm } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { PasswordField } from '../../components/PasswordField';
import { AuthScreen } from './AuthScreen';
import { resetPassword } from './api';

type Form = z.infer<typeof newPasswordForm>;

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (v: Form) => resetPassword(token, v.password),
    onError: (err) => toast.error(errorMessage(err, MSG.auth.resetInvalid)),
  });
  const { errors } = formState;

  return (
    <AuthScreen heading="Redefinir senha">
      {mutation.isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {mutation.data}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
            Ir para o login
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
          <PasswordField
            {...register('password')}
            id="reset-password"
            label="Nova Senha"
            autoComplete="new-password"
            fullWidth
            margin="normal"
            autoFocus
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <PasswordField
            {...register('confirmPassword')}
            id="reset-confirm"
            label="Confirmar Nova Senha"
            autoComplete="new-password"
            fullWidth
            margin="normal"
            error={!!errors.confirmPassword}
            helperText={errors.confirmPassword?.message}
          />
          <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={mutation.isPending}>
            {mutation.isPending ? 'Salvando...' : 'Redefinir senha'}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Voltar para o login
        </Link>
      </Box>
    </AuthScreen>
  );
}
