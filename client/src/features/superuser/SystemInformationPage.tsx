import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { formatDateTime, formatFileSize, formatInteger } from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import type { PageProps } from '../../lib/feature';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useSystemInformation } from './queries';

const LOAD_FAILED = 'Falha ao carregar as informações do sistema.';

/** 3 d 4 h 5 min from seconds. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d ? `${d} d` : '', h ? `${h} h` : '', `${m} min`].filter(Boolean).join(' ');
}

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /superuser/system-information: version, database, queue, storage, uptime, Node and Chromium. */
export default function SystemInformationPage({ title }: PageProps) {
  const { data, isPending, isError, errorUpdatedAt, refetch } = useSystemInformation();
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);
  return (
    <>
      <PageHeader title={title} />
      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void refetch()} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title="Aplicação"
              rows={[
                ['Versão', `v${data.version}`],
                ['Em execução desde', formatDateTime(data.startedAt)],
                ['Tempo no ar', formatUptime(data.uptimeSeconds)],
                ['Node.js', data.node],
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title="Banco de dados"
              rows={[
                ['Tipo', data.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)'],
                ['Versão do servidor', data.database.serverVersion || '—'],
                ['Tamanho', data.database.sizeBytes == null ? '—' : formatFileSize(data.database.sizeBytes)],
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title="Fila de tarefas"
              rows={[
                ['Modo', data.queue.mode === 'bullmq' ? 'BullMQ (Redis)' : 'Em processo (sem Redis)'],
                [
                  'Workers',
                  data.queue.workers === null
                    ? 'Este servidor executa as tarefas'
                    : data.queue.worker === 'ok'
                      ? `${formatInteger(data.queue.workers)} conectado(s)`
                      : data.queue.worker,
                ],
                ['Aguardando', formatInteger(data.queue.queued)],
                ['Em execução', formatInteger(data.queue.running)],
                ['Com falha', formatInteger(data.queue.failed)],
                ['Concluídas', formatInteger(data.queue.completed)],
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title="Armazenamento e PDF"
              rows={[
                ['Pasta de dados', data.storage.dataDir],
                ['Uso', `${formatFileSize(data.storage.bytes)} em ${formatInteger(data.storage.files)} arquivos`],
                ['Chromium', data.chromium.version ?? 'não encontrado'],
                ['Executável', data.chromium.path],
              ]}
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}
