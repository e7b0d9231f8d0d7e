import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { PasswordField } from '../../components/PasswordField';
import type { ChangePasswordForm } from './passwordForms';

interface Props {
  register: UseFormRegister<ChangePasswordForm>;
  errors: FieldErrors<ChangePasswordForm>;
  /** Prefix of the inputs' ids (one form per page). */
  id: string;
  autoFocus?: boolean;
}

/** The current password, the new one and its confirmation of an own password change. */
export function ChangePasswordFields({ register, errors, id, autoFocus }: Props) {
  return (
    <>
      <TextField
        {...register('currentPassword')}
        id={`${id}-current-password`}
        label="Senha Atual"
        type="password"
        autoComplete="current-password"
        fullWidth
        margin="normal"
        autoFocus={autoFocus}
        error={!!errors.currentPassword}
        helperText={errors.currentPassword?.message}
      />
      <PasswordField
        {...register('password')}
        id={`${id}-new-password`}
        label="Nova Senha"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={!!errors.password}
        helperText={errors.password?.message}
      />
      <TextField
        {...register('confirmPassword')}
        id={`${id}-confirm-password`}
        label="Confirmar Nova Senha"
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={!!errors.confirmPassword}
        helperText={errors.confirmPassword?.message}
      />
    </>
  );
}
