import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import Box from '@mui/material/Box';
import { MSG, type User, type UserUpdate, formatDateTime } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { RoleBadge } from '../../components/RoleBadge';
import type { PageProps } from '../../lib/feature';
import { usersKeys } from './keys';
import { useUsers } from './queries';
import { sortByName, useSectors } from '../sectors';
import { UserFormDialog, type UserFormValues } from './UserFormDialog';
import { createUser, deleteUser, isLocked, resetTwoFactor, unlockUser, updateUser } from './api';
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
          <Chip size="small" color="success" variant="outlined" label="Ativo" />
        )}
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
  const canRead = hasPermission(me, 'users:read');
  const qc = useQueryClient();
  const query = useUsers(canRead);
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAD_FAILED);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [toReset, setToReset] = useState<User | null>(null);

  const refresh = () => void qc.invalidateQueries({ queryKey: usersKeys.list });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };
  const save = useMutation({
    mutationFn: async (v: UserFormValues & { user: User | null }) => {
      if (!v.user)
        return createUser({ name: v.name, email: v.email, role: v.role, password: v.password, sectorIds: v.sectorIds });
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
    onSuccess: (_u, v) => {
      toast.success(v.user ? MSG.users.updated : MSG.users.created);
      setForm({ open: false });
      refresh();
    },
    onError,
  });
  const unlock = useMutation({
    mutationFn: (u: User) => unlockUser(u),
    onSuccess: () => {
      toast.success(MSG.users.unlocked);
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (u: User) => deleteUser(u.id),
    onSuccess: () => {
      toast.success(MSG.users.deleted);
      refresh();
    },
    onError,
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
  const canCreate = hasPermission(me, 'users:create');
  const canUpdate = hasPermission(me, 'users:update');
  const canDelete = hasPermission(me, 'users:delete');

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
      {query.isPending ? (
        <ContentSpinner />
      ) : query.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
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
      <UserFormDialog
        open={form.open}
        user={form.open ? form.user : null}
        self={form.open && form.user?.id === me?.id}
        sectors={sectors}
        busy={save.isPending}
        onClose={() => setForm({ open: false })}
        onSubmit={(v) => form.open && save.mutate({ ...v, user: form.user })}
      />
      <ResetTwoFactorDialog user={toReset} reset={resetTwoFactor} onClose={() => setToReset(null)} onDone={refresh} />
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
