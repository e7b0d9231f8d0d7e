import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Replay from '@mui/icons-material/Replay';
import { MSG, formatDateTime, formatFileSize, type Job } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { downloadJobFile } from './api';
import { useCancelJob, useDeleteJob, useJobs, useRetryJob } from './queries';
import { JOB_STATUS_COLOR, JOB_STATUS_LABEL } from './jobStatus';

const LOAD_FAILED = 'Falha ao carregar os arquivos.';
const EXPIRED_HINT = 'O arquivo foi removido após o prazo de guarda. Gere-o novamente.';

function DownloadButton({ job }: { job: Job }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      disabled={busy}
      aria-label={`Baixar arquivo ${job.fileName ?? job.title}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadJobFile(job);
        } catch (err) {
          toast.fromError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      Baixar
    </Button>
  );
}

/** The job's situation: its chip, the progress while it runs, the pt-BR reason when it failed. */
function JobStatusCell({ job }: { job: Job }) {
  const progress = Math.max(0, Math.min(100, job.progress ?? 0));
  return (
    <Box>
      <Chip
        size="small"
        color={JOB_STATUS_COLOR[job.status]}
        label={job.cancelRequested ? 'Cancelando…' : JOB_STATUS_LABEL[job.status]}
      />
      {job.status === 'running' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ flex: 1, minWidth: 60 }}
            aria-label={`Progresso de ${job.title}`}
          />
          <Typography variant="caption">{progress}%</Typography>
        </Box>
      )}
      {job.status === 'failed' && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5, maxWidth: 320 }}>
          {job.error || MSG.jobs.failed}
        </Typography>
      )}
    </Box>
  );
}

/** Download, retry (failed), cancel (running) and delete (anything not running) of one job. */
function JobActions({ job, onDelete }: { job: Job; onDelete: (job: Job) => void }) {
  const retry = useRetryJob();
  const cancel = useCancelJob();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {job.status === 'completed' &&
        (job.fileRemoved ? (
          <Tooltip title={EXPIRED_HINT}>
            <Box component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
              Arquivo expirado
            </Box>
          </Tooltip>
        ) : (
          <DownloadButton job={job} />
        ))}
      {job.status === 'failed' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<Replay />}
          disabled={retry.isPending}
          aria-label={`Tentar novamente ${job.title}`}
          onClick={() => retry.mutate(job.id)}
        >
          Tentar novamente
        </Button>
      )}
      {job.status === 'running' && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          startIcon={<StopCircleOutlined />}
          disabled={cancel.isPending || job.cancelRequested}
          aria-label={`Cancelar ${job.title}`}
          onClick={() => cancel.mutate(job.id)}
        >
          Cancelar
        </Button>
      )}
      {job.status !== 'running' && (
        <Tooltip title="Excluir">
          <IconButton size="small" aria-label={`Excluir ${job.fileName ?? job.title}`} onClick={() => onDelete(job)}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

const sizeOf = (job: Job) => (job.fileSize != null && !job.fileRemoved ? formatFileSize(job.fileSize) : '—');

/** /downloads: the user's generated files (jobs), updated live; a card list on phones. */
export default function DownloadsPage({ title }: PageProps) {
  const { data, isPending, isError, errorUpdatedAt, refetch } = useJobs();
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);
  const phone = useMediaQuery('(max-width:767.95px)');
  const remove = useDeleteJob();
  const [toDelete, setToDelete] = useState<Job | null>(null);
  const jobs = [...(data?.jobs ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const confirm = (
    <ConfirmDialog
      open={!!toDelete}
      title="Excluir arquivo"
      message={
        <>
          <strong>{toDelete?.fileName ?? toDelete?.title}</strong>
          <br />
          {MSG.jobs.deleteConfirm}
        </>
      }
      confirmLabel="Excluir"
      destructive
      busy={remove.isPending}
      onClose={() => setToDelete(null)}
      onConfirm={() => {
        if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
      }}
    />
  );

  return (
    <>
      <PageHeader title={title} subtitle="Arquivos gerados por você (exportações, relatórios, etiquetas e fichas)." />
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void refetch()} />
      ) : jobs.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title="Nenhum arquivo gerado ainda."
            description="As exportações que você solicitar aparecerão aqui."
          />
        </Paper>
      ) : phone ? (
        <Stack spacing={1.5} component="ul" aria-label="Arquivos gerados" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {jobs.map((job) => (
            <Paper key={job.id} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="download-item">
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{job.title}</Typography>
              {job.fileName && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
                  {job.fileName}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {formatDateTime(job.createdAt)} · {sizeOf(job)}
              </Typography>
              <Box sx={{ my: 1 }}>
                <JobStatusCell job={job} />
              </Box>
              <JobActions job={job} onDelete={setToDelete} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Arquivos gerados" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Arquivo</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell>Solicitado em</TableCell>
                <TableCell align="right">Tamanho</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id} hover data-testid="download-item">
                  <TableCell>
                    {job.title}
                    {job.fileName && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                        {job.fileName}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    <JobStatusCell job={job} />
                  </TableCell>
                  <TableCell>{formatDateTime(job.createdAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {sizeOf(job)}
                  </TableCell>
                  <TableCell align="right">
                    <JobActions job={job} onDelete={setToDelete} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {confirm}
    </>
  );
}
