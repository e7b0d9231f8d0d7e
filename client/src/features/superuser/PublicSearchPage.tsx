import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { PublicSearchOverview } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { PageProps } from '../../lib/feature';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { setInstallationPublicSearch, setMunicipalityPublicSearch } from './api';
import { DataList, type Column } from '../../components/DataList';
import { superuserKeys } from './keys';
import { usePublicSearch } from './queries';

const LOAD_FAILED = 'Falha ao carregar a configuração da consulta pública.';
type Setting = PublicSearchOverview['settings'][number];

/** /superuser/public-search: the installation-wide switch and each municipality's own. */
export default function PublicSearchPage({ title }: PageProps) {
  const qc = useQueryClient();
  const { data, isPending, isError, errorUpdatedAt, refetch } = usePublicSearch();
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);
  const done = (on: boolean) => {
    toast.success(on ? 'Consulta pública ativada.' : 'Consulta pública desativada.');
    void qc.invalidateQueries({ queryKey: superuserKeys.publicSearch });
  };
  const installation = useMutation({
    mutationFn: (on: boolean) => setInstallationPublicSearch(on),
    onSuccess: (_r, on) => done(on),
    onError: (e) => toast.fromError(e),
  });
  const one = useMutation({
    mutationFn: (v: { id: number; on: boolean }) => setMunicipalityPublicSearch(v.id, v.on),
    onSuccess: (_r, v) => done(v.on),
    onError: (e) => toast.fromError(e),
  });
  const columns: Column<Setting>[] = [
    { key: 'name', label: 'Município', primary: true, render: (s) => s.name },
    { key: 'slug', label: 'Slug', render: (s) => s.slug },
    {
      key: 'state',
      label: 'Situação',
      render: (s) =>
        !s.active ? (
          <Chip size="small" label="Município desativado" />
        ) : s.isPublicSearchEnabled && data?.installationEnabled ? (
          <Chip size="small" color="success" variant="outlined" label="No ar" />
        ) : (
          <Chip size="small" label="Fora do ar" />
        ),
    },
    {
      key: 'switch',
      label: 'Consulta pública',
      align: 'right',
      render: (s) => (
        <Switch
          checked={s.isPublicSearchEnabled}
          onChange={(e) => one.mutate({ id: s.municipalityId, on: e.target.checked })}
          disabled={one.isPending}
          slotProps={{ input: { 'aria-label': `Consulta pública de ${s.name}` } }}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader title={title} subtitle="Quem não entrou no sistema pode consultar os bens dos municípios abertos." />
      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void refetch()} />
      ) : (
        <>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <FormControlLabel
                control={
                  <Switch
                    checked={data.installationEnabled}
                    onChange={(e) => installation.mutate(e.target.checked)}
                    disabled={installation.isPending}
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>Consulta pública da instalação</Typography>}
              />
              <Typography variant="body2" color="text.secondary">
                Desligada, todas as páginas públicas ficam fora do ar, qualquer que seja a configuração de cada
                município.
              </Typography>
            </CardContent>
          </Card>
          {!data.installationEnabled && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              A consulta pública está desligada para toda a instalação.
            </Alert>
          )}
          {data.settings.length === 0 ? (
            <Paper variant="outlined">
              <EmptyState title="Nenhum município cadastrado." />
            </Paper>
          ) : (
            <DataList
              label="Consulta pública por município"
              rows={data.settings}
              rowKey={(s) => s.municipalityId}
              columns={columns}
            />
          )}
        </>
      )}
    </>
  );
}
