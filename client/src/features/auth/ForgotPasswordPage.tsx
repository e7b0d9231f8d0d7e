import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgotPasswordBody } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { AuthScreen } from './AuthScreen';
import { forgotPassword } from './api';

type Form = z.input<typeof forgotPasswordBody>;

export default function ForgotPasswordPage() {
  const { register, handleSubmit, formState } = useForm<Form, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (v: { email: string }) => forgotPassword(v.email),
    onError: (err) => toast.fromError(err),
  });

  return (
    <AuthScreen heading="Esqueci minha senha">
      {mutation.isSuccess ? (
        <Alert severity="success" role="status">
          {mutation.data}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
          <Typography variant="body2" color="text.secondary">
            Informe o e-mail cadastrado. Enviaremos um link para você criar uma nova senha.
          </Typography>
          <TextField
            {...register('email')}
            id="forgot-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            fullWidth
            margin="normal"
            autoFocus
            error={!!formState.errors.email}
            helperText={formState.errors.email?.message}
          />
          <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={mutation.isPending}>
            {mutation.isPending ? 'Enviando...' : 'Enviar link'}
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
