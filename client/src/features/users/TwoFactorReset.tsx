import { useMutation } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { SECURITY_MSG, type User } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Whether the user's two-step sign-in is on (users lists). */
export function TwoFactorChip({ on }: { on: boolean }) {
  return on ? (
    <Chip size="small" color="success" variant="outlined" label="2FA ativa" />
  ) : (
    <Chip size="small" variant="outlined" label="Sem 2FA" />
  );
}

interface Props {
  user: Pick<User, 'id' | 'name'> | null;
  /** The area's call (a municipality's admin or the superuser). */
  reset: (id: number) => Promise<unknown>;
  onClose: () => void;
  /** After the reset or an error that means the list is out of date. */
  onDone: () => void;
}

/** Asks before turning off someone's two-step sign-in (a lost phone), then says it in a toast. */
export function ResetTwoFactorDialog({ user, reset, onClose, onDone }: Props) {
  const mutation = useMutation({
    mutationFn: (id: number) => reset(id),
    onSuccess: () => toast.success(SECURITY_MSG.twoFactorReset),
    onError: (err) => toast.fromError(err),
    onSettled: () => {
      onDone();
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!user}
      title="Redefinir verificação em duas etapas"
      message={
        <>
          Desativar a verificação em duas etapas de <strong>{user?.name}</strong>? Use quando a pessoa perdeu o celular
          e os códigos de recuperação. O próximo acesso pedirá apenas e-mail e senha, e ela poderá ativá-la de novo no
          perfil.
        </>
      }
      confirmLabel="Desativar 2FA"
      destructive
      busy={mutation.isPending}
      onClose={onClose}
      onConfirm={() => user && mutation.mutate(user.id)}
    />
  );
}
