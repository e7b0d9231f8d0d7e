import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  ChangePasswordFields,
  changePasswordForm,
  useChangePassword,
  type ChangePasswordForm,
} from '../../../features/auth';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** Superuser 'Alterar Senha' dialog (spec §2.6), plus the current password the API needs. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword(onClose);
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  const { errors } = formState;

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="su-password-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
        <DialogTitle id="su-password-title">Alterar Senha</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Crie uma nova senha segura para sua conta de superusuário.
          </DialogContentText>
          <ChangePasswordFields register={register} errors={errors} id="su" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            Salvar Nova Senha
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
