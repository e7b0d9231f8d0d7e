import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import {
  MSG,
  ROLES,
  ROLE_LABELS,
  SUPERUSER_MSG,
  USER_MSG,
  type Role,
  type SuperuserUser,
  type User,
} from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { PageProps } from '../../lib/feature';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { RoleBadge } from '../../components/RoleBadge';
import { SearchField } from '../../components/SearchField';
import { AccessChip, ResetTwoFactorDialog, RevokeInvitationDialog, TwoFactorChip } from '../users';
import { createUser, inviteUser, resetUserTwoFactor, revokeInvitation, updateUser, type UsersFilter } from './api';
import { DataList, type Column } from '../../components/DataList';
import { superuserKeys } from './keys';
import { useMunicipalities, useSuperuserUsers } from './queries';
import { SuperuserUserDialog, type SuperuserUserFormValues } from './SuperuserUserDialog';
import { useDebounced } from './useDebounced';

const LOAD_FAILED = 'Falha ao carregar usuários.';
const isLocked = (u: Pick<User, 'lockoutUntil'>) => !!u.lockoutUntil && new Date(u.lockoutUntil).getTime() > Date.now();
type FormState = { open: false } | { open: true; user: User | null };

const columns: Column<SuperuserUser>[] = [
  { key: 'name', label: 'Nome', primary: true, render: (u) => u.name },
  { key: 'email', label: 'E-mail', render: (u) => <Box sx={{ wordBreak: 'break-all' }}>{u.email}</Box> },
  { key: 'municipality', label: 'Município', render: (u) => u.municipalityName ?? '—' },
  { key: 'role', label: 'Perfil', render: (u) => <RoleBadge role={u.role} /> },
  {
    key: 'status',
    label: 'Situação',
    render: (u) =>
      isLocked(u) ? (
        <Chip size="small" color="error" label="Bloqueado" />
      ) : u.invitation || u.mustChangePassword ? (
        <AccessChip user={u} />
      ) : (
        <Chip size="small" color="success" variant="outlined" label="Ativo" />
      ),
  },
  { key: 'twoFactor', label: '2FA', render: (u) => <TwoFactorChip on={u.twoFactorEnabled} /> },
];

/** /superuser/users: every user of the installation, filtered and paged on the server. */
export default function SuperuserUsersPage({ title }: PageProps) {
  const me = useSession((s) => s.user);
  const qc = useQueryClient();
  const [filter, setFilter] = useState<UsersFilter>({ page: 1, pageSize: 25 });
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const query = useSuperuserUsers({ ...filter, q: q || undefined });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAD_FAILED);
  const municipalities = useMunicipalities().data?.municipalities ?? [];
  const [form, setForm] = useState<FormState>({ open: false });
  const [locking, setLocking] = useState<SuperuserUser | null>(null);
  const [resetting, setResetting] = useState<SuperuserUser | null>(null);
  const [revoking, setRevoking] = useState<Pick<User, 'id' | 'name'> | null>(null);
  const update = (f: Partial<UsersFilter>) => setFilter((old) => ({ ...old, page: 1, ...f }));
  const refresh = () => void qc.invalidateQueries({ queryKey: superuserKeys.users });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };

  const save = useMutation({
    mutationFn: async ({ v, user }: { v: SuperuserUserFormValues; user: User | null }) => {
      if (!user)
        return createUser({
          name: v.name,
          email: v.email,
          role: v.role,
          password: v.password,
          municipalityId: v.role === 'superuser' ? null : v.municipalityId,
        });
      return updateUser(user.id, {
        name: v.name,
        email: v.email,
        role: v.role,
        ...(v.password ? { password: v.password } : {}),
        version: user.version,
      });
    },
    onSuccess: (_u, { user }) => {
      toast.success(user ? MSG.users.updated : MSG.users.created);
      setForm({ open: false });
      refresh();
    },
    onError,
  });
  const lock = useMutation({
    mutationFn: (u: SuperuserUser) => updateUser(u.id, { locked: !isLocked(u), version: u.version }),
    onSuccess: (u) => {
      toast.success(isLocked(u) ? SUPERUSER_MSG.userLocked : MSG.users.unlocked);
      refresh();
    },
    onError,
    onSettled: () => setLocking(null),
  });
  const invite = useMutation({
    mutationFn: (u: SuperuserUser) => inviteUser(u.id),
    onSuccess: () => {
      toast.success(SUPERUSER_MSG.invited);
      refresh();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (u: Pick<User, 'id'>) => revokeInvitation(u.id),
    onSuccess: () => {
      toast.success(USER_MSG.invitationRevoked);
      refresh();
    },
    onError,
    onSettled: () => setRevoking(null),
  });

  const data = query.data;
  const filtered = !!(filter.municipalityId || filter.role || filter.status || q);
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Todos os usuários da instalação, de todos os municípios."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, user: null })}>
            Novo Usuário
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Box sx={{ flex: '2 1 220px' }}>
          <SearchField
            id="su-users-search"
            label="Buscar por nome ou e-mail"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFilter((old) => ({ ...old, page: 1 }));
            }}
            fullWidth
          />
        </Box>
        <TextField
          select
          size="small"
          id="su-users-municipality"
          label="Município"
          value={filter.municipalityId ?? ''}
          onChange={(e) => update({ municipalityId: e.target.value === '' ? undefined : Number(e.target.value) })}
          sx={{ flex: '1 1 180px' }}
        >
          <MenuItem value="">Todos</MenuItem>
          {municipalities.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="su-users-role"
          label="Perfil"
          value={filter.role ?? ''}
          onChange={(e) => update({ role: (e.target.value || undefined) as Role | undefined })}
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value="">Todos</MenuItem>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="su-users-status"
          label="Situação"
          value={filter.status ?? ''}
          onChange={(e) => update({ status: (e.target.value || undefined) as UsersFilter['status'] })}
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value="">Todas</MenuItem>
          <MenuItem value="active">Ativos</MenuItem>
          <MenuItem value="locked">Bloqueados</MenuItem>
        </TextField>
      </Box>
      {query.isPending ? (
        <ContentSpinner />
      ) : query.isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : !data || data.users.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title={filtered ? 'Nenhum usuário encontrado com estes filtros.' : 'Nenhum usuário cadastrado.'}
          />
        </Paper>
      ) : (
        <DataList
          label="Usuários"
          rows={data.users}
          rowKey={(u) => u.id}
          columns={columns}
          paging={{
            total: data.total,
            page: filter.page - 1,
            pageSize: filter.pageSize,
            onPage: (p) => setFilter((old) => ({ ...old, page: p + 1 })),
            onPageSize: (pageSize) => update({ pageSize }),
          }}
          actions={(u) => (
            <>
              <Button size="small" onClick={() => setForm({ open: true, user: u })} aria-label={`Editar ${u.name}`}>
                Editar
              </Button>
              {u.id !== me?.id && (
                <Button
                  size="small"
                  color={isLocked(u) ? 'primary' : 'error'}
                  onClick={() => (isLocked(u) ? lock.mutate(u) : setLocking(u))}
                  aria-label={`${isLocked(u) ? 'Desbloquear' : 'Bloquear'} ${u.name}`}
                >
                  {isLocked(u) ? 'Desbloquear' : 'Bloquear'}
                </Button>
              )}
              {u.twoFactorEnabled && u.id !== me?.id && (
                <Button size="small" onClick={() => setResetting(u)} aria-label={`Redefinir 2FA de ${u.name}`}>
                  Redefinir 2FA
                </Button>
              )}
              {u.municipalityId != null && (
                <Button
                  size="small"
                  onClick={() => invite.mutate(u)}
                  disabled={invite.isPending}
                  aria-label={`Reenviar convite para ${u.name}`}
                >
                  Reenviar convite
                </Button>
              )}
              {(u.invitation === 'pending' || u.invitation === 'expired') && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRevoking(u)}
                  aria-label={`Revogar convite de ${u.name}`}
                >
                  Revogar convite
                </Button>
              )}
            </>
          )}
        />
      )}
      <SuperuserUserDialog
        open={form.open}
        user={form.open ? form.user : null}
        municipalities={municipalities}
        busy={save.isPending}
        onClose={() => setForm({ open: false })}
        onSubmit={(v) => form.open && save.mutate({ v, user: form.user })}
      />
      <RevokeInvitationDialog
        user={revoking}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={(u) => revoke.mutate(u)}
      />
      <ResetTwoFactorDialog
        user={resetting}
        reset={resetUserTwoFactor}
        onClose={() => setResetting(null)}
        onDone={refresh}
      />
      <ConfirmDialog
        open={!!locking}
        title="Bloquear usuário"
        message={
          <>
            Bloquear <strong>{locking?.name}</strong>? As sessões abertas serão encerradas e o acesso fica bloqueado até
            alguém desbloquear.
          </>
        }
        confirmLabel="Bloquear"
        destructive
        busy={lock.isPending}
        onClose={() => setLocking(null)}
        onConfirm={() => locking && lock.mutate(locking)}
      />
    </>
  );
}
