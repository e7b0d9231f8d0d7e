import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Add from '@mui/icons-material/Add';
import { SUPERUSER_MSG, formatCnpj, formatDate, type Municipality } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { PageProps } from '../../lib/feature';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { createMunicipality, updateMunicipality } from './api';
import { DataList, type Column } from '../../components/DataList';
import { superuserKeys } from './keys';
import { MunicipalityFormDialog, type MunicipalityFormValues } from './MunicipalityFormDialog';
import { useMunicipalities } from './queries';

const LOAD_FAILED = 'Falha ao carregar municípios.';
type FormState = { open: false } | { open: true; municipality: Municipality | null };

const columns: Column<Municipality>[] = [
  { key: 'name', label: 'Nome', primary: true, render: (m) => m.name },
  { key: 'uf', label: 'UF', render: (m) => m.uf ?? '—' },
  { key: 'ibge', label: 'IBGE', render: (m) => m.codigoIbge ?? '—' },
  {
    key: 'cnpj',
    label: 'CNPJ',
    render: (m) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {m.cnpj ? formatCnpj(m.cnpj) : '—'}
      </Box>
    ),
  },
  { key: 'slug', label: 'Slug', render: (m) => m.slug },
  {
    key: 'active',
    label: 'Situação',
    render: (m) =>
      m.active ? (
        <Chip size="small" color="success" variant="outlined" label="Ativo" />
      ) : (
        <Chip size="small" label="Desativado" />
      ),
  },
  { key: 'created', label: 'Criado em', render: (m) => formatDate(m.createdAt) },
];

/** /superuser/municipalities: create (with the first admin), edit, deactivate and reactivate. */
export default function MunicipalitiesPage({ title }: PageProps) {
  const qc = useQueryClient();
  const query = useMunicipalities();
  useLoadErrorToast(query.isError, query.errorUpdatedAt, LOAD_FAILED);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toggling, setToggling] = useState<Municipality | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: superuserKeys.all });
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 404)) refresh();
  };

  const save = useMutation({
    mutationFn: async ({ v, m }: { v: MunicipalityFormValues; m: Municipality | null }) => {
      const base = { name: v.name, uf: v.uf, codigoIbge: v.codigoIbge, slug: v.slug };
      if (!m)
        return createMunicipality({
          ...base,
          ...(v.cnpj ? { cnpj: v.cnpj } : {}),
          admin: { name: v.adminName, email: v.adminEmail },
        });
      // A UF / IBGE code still unknown (an older municipality) is left out, as the route allows.
      return updateMunicipality(m.id, {
        name: v.name,
        slug: v.slug,
        ...(v.uf ? { uf: v.uf } : {}),
        ...(v.codigoIbge ? { codigoIbge: v.codigoIbge } : {}),
        cnpj: v.cnpj || null,
        version: m.version,
      });
    },
    onSuccess: (_r, { m }) => {
      toast.success(m ? SUPERUSER_MSG.updated : SUPERUSER_MSG.created);
      setForm({ open: false });
      refresh();
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (m: Municipality) => updateMunicipality(m.id, { ativo: !m.active, version: m.version }),
    onSuccess: (m) => {
      toast.success(m.active ? SUPERUSER_MSG.reactivated : SUPERUSER_MSG.deactivated);
      refresh();
    },
    onError,
    onSettled: () => setToggling(null),
  });

  const rows = query.data?.municipalities ?? [];
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Cada município é uma prefeitura com os seus próprios usuários e bens."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, municipality: null })}>
            Novo Município
          </Button>
        }
      />
      <QueryState
        query={query}
        errorText={LOAD_FAILED}
        isEmpty={() => rows.length === 0}
        empty={{
          title: 'Nenhum município cadastrado.',
          description: 'Use "Novo Município" para cadastrar a primeira prefeitura e o seu administrador.',
        }}
      >
        {() => (
          <DataList
            label="Municípios"
            rows={rows}
            rowKey={(m) => m.id}
            columns={columns}
            actions={(m) => (
              <>
                <Button
                  size="small"
                  onClick={() => setForm({ open: true, municipality: m })}
                  aria-label={`Editar ${m.name}`}
                >
                  Editar
                </Button>
                <Button
                  size="small"
                  color={m.active ? 'error' : 'primary'}
                  onClick={() => setToggling(m)}
                  aria-label={`${m.active ? 'Desativar' : 'Reativar'} ${m.name}`}
                >
                  {m.active ? 'Desativar' : 'Reativar'}
                </Button>
              </>
            )}
          />
        )}
      </QueryState>
      <MunicipalityFormDialog
        open={form.open}
        municipality={form.open ? form.municipality : null}
        busy={save.isPending}
        onClose={() => setForm({ open: false })}
        onSubmit={(v) => form.open && save.mutate({ v, m: form.municipality })}
      />
      <ConfirmDialog
        open={!!toggling}
        title={toggling?.active ? 'Desativar município' : 'Reativar município'}
        message={
          toggling?.active ? (
            <>
              Desativar <strong>{toggling?.name}</strong>? Os seus usuários não poderão entrar (as sessões abertas serão
              encerradas) e a sua consulta pública ficará fora do ar. Os dados são mantidos e o município pode ser
              reativado.
            </>
          ) : (
            <>
              Reativar <strong>{toggling?.name}</strong>? Os seus usuários voltarão a poder entrar e a consulta pública
              volta a seguir a sua configuração.
            </>
          )
        }
        confirmLabel={toggling?.active ? 'Desativar' : 'Reativar'}
        destructive={toggling?.active}
        busy={toggle.isPending}
        onClose={() => setToggling(null)}
        onConfirm={() => toggling && toggle.mutate(toggling)}
      />
    </>
  );
}
