import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { newPasswordForm } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { PasswordField } from '../../components/PasswordField';

type Form = z.infer<typeof newPasswordForm>;

interface Props {
  /** The call that sets the password with the link's token; resolves to the server's pt-BR message. */
  submit: (password: string) => Promise<string>;
  /** The button ("Redefinir senha", "Criar senha"). */
  submitLabel: string;
  /** The toast when the server's answer has no message of its own. */
  failure: string;
  /** Shown above the fields (whom an invitation is for). */
  intro?: ReactNode;
}

/**
 * A new password and its confirmation set with a link's token (reset and invitation pages); on success the
 * server's message and the way to the login.
 */
export function SetPasswordForm({ submit, submitLabel, failure, intro }: Props) {
  const { register, handleSubmit, formState } = useForm<Form>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (v: Form) => submit(v.password),
    onError: (err) => toast.error(errorMessage(err, failure)),
  });
  const { errors } = formState;
  if (mutation.isSuccess)
    return (
      <>
        <Alert severity="success" role="status">
          {mutation.data}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
          Ir para o login
        </Button>
      </>
    );
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
      {intro}
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
        {mutation.isPending ? 'Salvando...' : submitLabel}
      </Button>
    </Box>
  );
}
