import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSession } from '../../lib/session';
import { useSessionPolicy } from '../security';
import { AuthScreen } from './AuthScreen';
import { ChangePasswordFields } from './ChangePasswordFields';
import { changePasswordForm, type ChangePasswordForm } from './passwordForms';
import { fetchMe } from './api';
import { useChangePassword, useLogout } from './queries';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * "Trocar senha": a password someone else set (an admin, the first start) is replaced before anything else; the
 * server refuses every other call meanwhile (403 PASSWORD_CHANGE_REQUIRED).
 */
export function ForcedPasswordChange() {
  const { register, handleSubmit, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword(() => {
    // the session's user again, without the flag: the gate lets the signed-in screens through
    void fetchMe().then((user) => useSession.getState().setUser(user));
  });
  const logout = useLogout();
  const minLength = useSessionPolicy()?.passwordMinLength ?? 8;
  return (
    <AuthScreen heading="Trocar senha">
      <Alert severity="info" sx={{ mb: 1 }}>
        A sua senha atual foi definida por outra pessoa. Para continuar, crie uma senha que só você conheça: no mínimo{' '}
        {minLength} caracteres, com letra maiúscula, letra minúscula, número e caractere especial.
      </Alert>
      <Box component="form" noValidate aria-label="Trocar senha" onSubmit={handleSubmit((v) => mutation.mutate(v))}>
        <ChangePasswordFields register={register} errors={formState.errors} id="forced" autoFocus />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={mutation.isPending}>
          {mutation.isPending ? 'Salvando...' : 'Trocar senha'}
        </Button>
      </Box>
      <Button fullWidth sx={{ mt: 2 }} onClick={() => void logout()}>
        Sair
      </Button>
    </AuthScreen>
  );
}

/** Wraps the signed-in screens: while the session's user must change their password, only "Trocar senha" shows. */
export function MustChangePassword({ children }: { children: ReactNode }) {
  const mustChange = useSession((s) => s.user?.mustChangePassword === true);
  return mustChange ? <ForcedPasswordChange /> : <>{children}</>;
}
