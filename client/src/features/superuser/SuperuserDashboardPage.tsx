import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatFileSize, formatInteger, type DashboardMunicipalityRow } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { PageHeader } from '../../components/PageHeader';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { DataList, type Column } from '../../components/DataList';
import { useDashboard } from './queries';

const LOAD_FAILED = 'Falha ao carregar o painel.';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

const columns: Column<DashboardMunicipalityRow>[] = [
  { key: 'name', label: 'Município', primary: true, render: (r) => `${r.name}${r.uf ? ` / ${r.uf}` : ''}` },
  {
    key: 'active',
    label: 'Situação',
    render: (r) =>
      r.active ? (
        <Chip size="small" color="success" variant="outlined" label="Ativo" />
      ) : (
        <Chip size="small" label="Desativado" />
      ),
  },
  { key: 'users', label: 'Usuários', align: 'right', render: (r) => formatInteger(r.users) },
  { key: 'assets', label: 'Bens', align: 'right', render: (r) => formatInteger(r.assets) },
  { key: 'storage', label: 'Armazenamento', align: 'right', render: (r) => formatFileSize(r.storageBytes) },
  {
    key: 'lastBackup',
    label: 'Último backup',
    render: (r) =>
      r.lastBackupAt ? (
        formatDateTime(r.lastBackupAt)
      ) : (
        <Chip size="small" color="warning" variant="outlined" label="Nunca" />
      ),
  },
];

/** /superuser: the installation's figures per municipality and the job queue's health, kept live. */
export default function SuperuserDashboardPage() {
  const user = useSession((s) => s.user);
  const { data, isPending, isError, errorUpdatedAt, refetch } = useDashboard();
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);
  return (
    <>
      <PageHeader
        title="Painel do Superusuário"
        subtitle={user ? `Bem-vindo(a), ${user.name}.` : undefined}
        actions={
          <>
            <Button component={RouterLink} to="/superuser/municipalities" variant="contained">
              Novo município
            </Button>
            <Button component={RouterLink} to="/superuser/assets-by-user" variant="outlined">
              Bens por usuário
            </Button>
          </>
        }
      />
      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void refetch()} />
      ) : (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                label="Municípios"
                value={formatInteger(data.totals.municipalities)}
                hint={`${formatInteger(data.totals.activeMunicipalities)} ativos`}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Usuários" value={formatInteger(data.totals.users)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Bens" value={formatInteger(data.totals.assets)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Armazenamento" value={formatFileSize(data.totals.storageBytes)} />
            </Grid>
          </Grid>
          <Typography variant="h2" sx={{ mb: 1.5 }}>
            Fila de tarefas ({data.queue.mode === 'bullmq' ? 'BullMQ' : 'em processo'})
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }} aria-label="Fila de tarefas">
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Aguardando" value={formatInteger(data.queue.queued)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Em execução" value={formatInteger(data.queue.running)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                label="Com falha"
                value={
                  <Typography
                    component="span"
                    sx={{ font: 'inherit', color: data.queue.failed ? 'error.main' : undefined }}
                  >
                    {formatInteger(data.queue.failed)}
                  </Typography>
                }
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Concluídas" value={formatInteger(data.queue.completed)} />
            </Grid>
          </Grid>
          <Typography variant="h2" sx={{ mb: 1.5 }}>
            Por município
          </Typography>
          <DataList label="Municípios" rows={data.municipalities} rowKey={(r) => r.id} columns={columns} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            Atualizado em {formatDateTime(data.generatedAt)}.
          </Typography>
        </>
      )}
    </>
  );
}
