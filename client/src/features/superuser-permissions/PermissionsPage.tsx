import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS_MSG,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  ROLES,
  ROLE_LABELS,
  SUPERUSER_ONLY_PERMISSIONS,
  type Permission,
  type Role,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/LoadError';
import { toast } from '../../lib/toast';
import { fetchMatrix, saveRole } from './api';
import { permissionKeys } from './keys';

type Matrix = Record<Role, Permission[]>;

/** The permission names stay in view while a phone scrolls the roles sideways. */
const firstColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 150, md: 220 },
} as const;

const toMatrix = (rows: Array<{ role: Role; permissions: Permission[] }>): Matrix => {
  const m = Object.fromEntries(ROLES.map((r) => [r, [] as Permission[]])) as Matrix;
  for (const r of rows) m[r.role] = [...r.permissions];
  return m;
};
const same = (a: Permission[], b: Permission[]) => a.length === b.length && a.every((p) => b.includes(p));
/** A box that never changes: the superuser's own access, and those permissions for anyone else. */
const locked = (p: Permission) => SUPERUSER_ONLY_PERMISSIONS.includes(p);

/** /superuser/permissions: roles × permissions (spec §6), saved on the server and applied at once. */
export default function PermissionsPage({ title }: PageProps) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: permissionKeys.matrix, queryFn: fetchMatrix });
  const stored = useMemo(() => (q.data ? toMatrix(q.data) : null), [q.data]);
  const [draft, setDraft] = useState<Matrix | null>(null);
  useEffect(() => {
    if (stored) setDraft(stored);
  }, [stored]);
  const changed = stored && draft ? ROLES.filter((r) => !same(stored[r], draft[r])) : [];

  const save = useMutation({
    mutationFn: async (roles: Role[]) => {
      for (const role of roles) await saveRole(role, draft![role]);
    },
    onSuccess: () => toast.success(PERMISSIONS_MSG.saved),
    onError: (err) => toast.fromError(err),
    onSettled: () => void qc.invalidateQueries({ queryKey: permissionKeys.matrix }),
  });

  const toggle = (role: Role, p: Permission) =>
    setDraft((d) => (d ? { ...d, [role]: d[role].includes(p) ? d[role].filter((x) => x !== p) : [...d[role], p] } : d));

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Defina o que cada perfil pode fazer. As alterações valem imediatamente para todos os usuários conectados."
        actions={
          <>
            <Button variant="outlined" onClick={() => setDraft({ ...DEFAULT_ROLE_PERMISSIONS })} disabled={!draft}>
              Restaurar padrão
            </Button>
            <Button onClick={() => stored && setDraft(stored)} disabled={!changed.length || save.isPending}>
              Descartar
            </Button>
            <Button
              variant="contained"
              onClick={() => save.mutate(changed)}
              disabled={!changed.length || save.isPending}
            >
              {save.isPending ? 'Salvando...' : `Salvar alterações${changed.length ? ` (${changed.length})` : ''}`}
            </Button>
          </>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        As permissões do Superusuário (acesso ao painel e gestão de permissões) são fixas: não podem ser retiradas dele
        nem concedidas a outros perfis.
      </Alert>
      {q.isError ? (
        <LoadError message="Falha ao carregar permissões." onRetry={() => void q.refetch()} />
      ) : !draft ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: { md: 'calc(100dvh - 300px)' } }}>
          <Table size="small" stickyHeader aria-label="Matriz de permissões por perfil">
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...firstColumn, zIndex: 3 }}>Permissão</TableCell>
                {ROLES.map((r) => (
                  <TableCell key={r} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    {ROLE_LABELS[r]}
                    {changed.includes(r) && (
                      <Typography component="span" color="warning.main" aria-label="alterado">
                        {' '}
                        •
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {PERMISSION_GROUPS.map((g) => (
                <GroupRows key={g.label} group={g} draft={draft} onToggle={toggle} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

function GroupRows({
  group,
  draft,
  onToggle,
}: {
  group: (typeof PERMISSION_GROUPS)[number];
  draft: Matrix;
  onToggle: (role: Role, p: Permission) => void;
}) {
  return (
    <>
      <TableRow>
        <TableCell colSpan={ROLES.length + 1} sx={{ bgcolor: 'action.hover', fontWeight: 700 }}>
          {group.label}
        </TableCell>
      </TableRow>
      {group.permissions.map((p) => (
        <TableRow key={p} hover>
          <TableCell sx={firstColumn}>
            <Box>{PERMISSION_LABELS[p]}</Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {p}
            </Typography>
          </TableCell>
          {ROLES.map((r) => (
            <TableCell key={r} align="center" padding="checkbox">
              <Checkbox
                checked={draft[r].includes(p)}
                disabled={locked(p)}
                onChange={() => onToggle(r, p)}
                slotProps={{ input: { 'aria-label': `${PERMISSION_LABELS[p]} — ${ROLE_LABELS[r]}` } }}
              />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
