import Chip from '@mui/material/Chip';
import { INVITATION_STATE_LABELS, formatDateTime, type User } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Where a user's invitation stands (users list), or that their password is a provisional one; nothing else. */
export function AccessChip({
  user,
}: {
  user: Pick<User, 'invitation' | 'invitationExpiresAt' | 'mustChangePassword'>;
}) {
  if (user.invitation === 'pending')
    return (
      <Chip
        size="small"
        color="info"
        variant="outlined"
        label={INVITATION_STATE_LABELS.pending}
        title={user.invitationExpiresAt ? `Válido até ${formatDateTime(user.invitationExpiresAt)}` : undefined}
      />
    );
  if (user.invitation) return <Chip size="small" color="warning" label={INVITATION_STATE_LABELS[user.invitation]} />;
  if (user.mustChangePassword) return <Chip size="small" variant="outlined" label="Senha provisória" />;
  return null;
}

interface RevokeProps {
  user: Pick<User, 'id' | 'name'> | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (user: Pick<User, 'id' | 'name'>) => void;
}

/** Asks before revoking an invitation: the link stops working and the person cannot sign in until invited again. */
export function RevokeInvitationDialog({ user, busy, onClose, onConfirm }: RevokeProps) {
  return (
    <ConfirmDialog
      open={!!user}
      title="Revogar convite"
      message={
        <>
          Revogar o convite de <strong>{user?.name}</strong>? O link enviado por e-mail deixa de funcionar e a pessoa só
          poderá entrar depois de um novo convite.
        </>
      }
      confirmLabel="Revogar convite"
      destructive
      busy={busy}
      onClose={onClose}
      onConfirm={() => user && onConfirm(user)}
    />
  );
}
