import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Add from '@mui/icons-material/Add';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PhonelinkEraseOutlined from '@mui/icons-material/PhonelinkEraseOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import CancelScheduleSendOutlined from '@mui/icons-material/CancelScheduleSendOutlined';
import Box from '@mui/material/Box';
import { MSG, USER_MSG, type User, type UserUpdate, formatDateTime } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { useCan } from '../../lib/permissions';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { useApiMutation } from '../../lib/useApiMutation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { RoleBadge } from '../../components/RoleBadge';
import type { PageProps } from '../../lib/feature';
import { usersKeys } from './keys';
import { useUsers } from './queries';
import { sortByName, useSectors } from '../sectors';
import { UserFormDialog, type UserFormValues } from './UserFormDialog';
import {
  createUser,
  deleteUser,
  isLocked,
  resendInvitation,
  resetTwoFactor,
  revokeInvitation,
  unlockUser,
  updateUser,
} from './api';
import { AccessChip, RevokeInvitationDialog } from './Invitation';
import { ResetTwoFactorDialog, TwoFactorChip } from './TwoFactorReset';
import { RowActions } from '../../components/RowActions';
import { DataList, type Column } from '../../components/DataList';

const LOAD_FAILED = 'Falha ao carregar usuários.';

const columns: Column<User>[] = [
  { key: 'name', label: 'Nome', primary: true, render: (u) => u.name },
  { key: 'email', label: 'E-mail', render: (u) => <Box sx={{ wordBreak: 'break-all' }}>{u.email}</Box> },
  { key: 'role', label: 'Perfil', render: (u) => <RoleBadge role={u.role} /> },
  {
    key: 'status',
    label: 'Situação',
    render: (u) => (
      <Box
        sx={{
          display: 'flex',
          gap: 0.5,
          flexWrap: 'wrap',
          justifyContent: 'flex-end', // phone card: the value column
          '@media (min-width:768px)': { justifyContent: 'flex-start' },
        }}
      >
        {isLocked(u) ? (
          <Chip size="small" color="error" label={`Bloqueado até ${formatDateTime(u.lockoutUntil)}`} />
        ) : (
          !u.invitation && <Chip size="small" color="success" variant="outlined" label="Ativo" />
        )}
        <AccessChip user={u} />
        <TwoFactorChip on={u.twoFactorEnabled} />
      </Box>
    ),
  },
];
type FormState = { open: false } | { open: true; user: User | null };

function SelfOnly() {
  const me = useSession((s) => s.user);
  if (!me) return null;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        Seu perfil não tem permissão para gerenciar usuários. Apenas os seus próprios dados são exibidos; para alterar
        sua senha, use a página Perfil.
      </Alert>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Usuários" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Nome</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Perfil</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell>{me.name}</TableCell>
              <TableCell>{me.email}</TableCell>
              <TableCell>
                <RoleBadge role={me.role} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** /configuracoes/usuarios: users of the municipality (admin); supervisors see only themselves. */
export default function UsersPage({ title }: PageProps) {
  const me = useSession((s) => s.user);
  const can = useCan();
  const canRead = can('users:read');
  const qc = useQueryClient();
  const query = useUsers(canRead);
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAD_FAILED);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [toReset, setToReset] = useState<User | null>(null);

  const invalidate = [usersKeys.list];
  const save = useApiMutation({
    mutationFn: async (v: UserFormValues & { user: User | null }) => {
      if (!v.user) {
        const password = v.typedPassword ? v.password : undefined;
        return createUser({ name: v.name, email: v.email, role: v.role, password, sectorIds: v.sectorIds });
      }
      const body: UserUpdate = {
        name: v.name,
        email: v.email,
        role: v.role,
        sectorIds: v.sectorIds,
        version: v.user.version,
      };
      if (v.password) body.password = v.password;
      return updateUser(v.user.id, body);
    },
    invalidate,
    success: (_u, v) => (v.user ? MSG.users.updated : v.typedPassword ? MSG.users.created : USER_MSG.invitationSent),
    onSuccess: () => setForm({ open: false }),
  });
  const unlock = useApiMutation({ mutationFn: (u: User) => unlockUser(u), invalidate, success: MSG.users.unlocked });
  const [toRevoke, setToRevoke] = useState<Pick<User, 'id' | 'name'> | null>(null);
  const resend = useApiMutation({
    mutationFn: (u: User) => resendInvitation(u.id),
    invalidate,
    success: USER_MSG.invitationSent,
  });
  const revoke = useApiMutation({
    mutationFn: (u: Pick<User, 'id'>) => revokeInvitation(u.id),
    invalidate,
    success: USER_MSG.invitationRevoked,
    onSettled: () => setToRevoke(null),
  });
  const remove = useApiMutation({
    mutationFn: (u: User) => deleteUser(u.id),
    invalidate,
    success: MSG.users.deleted,
    onSettled: () => setToDelete(null),
  });

  if (!canRead) {
    return (
      <>
        <PageHeader title={title} />
        <SelfOnly />
      </>
    );
  }

  const users = sortByName(query.data?.users ?? []);
  const canCreate = can('users:create');
  const canUpdate = can('users:update');
  const canDelete = can('users:delete');

  return (
    <>
      <PageHeader
        title={title}
        subtitle={me?.municipalityName ? `Usuários de ${me.municipalityName}.` : undefined}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, user: null })}>
              Novo Usuário
            </Button>
          )
        }
      />
      <QueryState query={query} errorText={LOAD_FAILED}>
        {() => (
          <DataList
            label="Usuários"
            rows={users}
            rowKey={(u) => u.id}
            columns={columns}
            actions={(u) => (
              <>
                {isLocked(u) && canUpdate && (
                  <Button
                    size="small"
                    startIcon={<LockOpenOutlined />}
                    onClick={() => unlock.mutate(u)}
                    disabled={unlock.isPending}
                  >
                    Desbloquear
                  </Button>
                )}
                {u.invitation && canCreate && (
                  <Button
                    size="small"
                    startIcon={<ForwardToInboxOutlined />}
                    onClick={() => resend.mutate(u)}
                    disabled={resend.isPending}
                    aria-label={`Reenviar convite para ${u.name}`}
                  >
                    Reenviar convite
                  </Button>
                )}
                {(u.invitation === 'pending' || u.invitation === 'expired') && canCreate && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<CancelScheduleSendOutlined />}
                    onClick={() => setToRevoke(u)}
                    aria-label={`Revogar convite de ${u.name}`}
                  >
                    Revogar convite
                  </Button>
                )}
                {u.twoFactorEnabled && canUpdate && u.id !== me?.id && (
                  <Button
                    size="small"
                    startIcon={<PhonelinkEraseOutlined />}
                    onClick={() => setToReset(u)}
                    aria-label={`Redefinir 2FA de ${u.name}`}
                  >
                    Redefinir 2FA
                  </Button>
                )}
                <RowActions
                  label={`usuário ${u.name}`}
                  onEdit={canUpdate ? () => setForm({ open: true, user: u }) : undefined}
                  onDelete={canDelete && u.id !== me?.id ? () => setToDelete(u) : undefined}
                />
              </>
            )}
          />
        )}
      </QueryState>
      <UserFormDialog
        open={form.open}
        user={form.open ? form.user : null}
        self={form.open && form.user?.id === me?.id}
        sectors={sectors}
        busy={save.isPending}
        onClose={() => setForm({ open: false })}
        onSubmit={(v) => form.open && save.mutate({ ...v, user: form.user })}
      />
      <ResetTwoFactorDialog
        user={toReset}
        reset={resetTwoFactor}
        onClose={() => setToReset(null)}
        onDone={() => void qc.invalidateQueries({ queryKey: usersKeys.list })}
      />
      <RevokeInvitationDialog
        user={toRevoke}
        busy={revoke.isPending}
        onClose={() => setToRevoke(null)}
        onConfirm={(u) => revoke.mutate(u)}
      />
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir usuário"
        message={
          <>
            Tem certeza que deseja excluir o usuário <strong>{toDelete?.name}</strong>?
          </>
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
  );
}
