import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { Job } from '@tombo/shared';
import { formatDateTime } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { downloadJobFile } from './api';
import { useJobs } from './queries';
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
      Baixar arquivo
    </Button>
  );
}

/** /downloads: the user's generated files (jobs), updated live. */
export default function DownloadsPage({ title }: PageProps) {
  const { data, isPending, isError, errorUpdatedAt, refetch } = useJobs();
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);
  const jobs = [...(data?.jobs ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <>
      <PageHeader title={title} subtitle="Arquivos gerados por você (exportações e relatórios)." />
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
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Arquivos gerados" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Arquivo</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Solicitado em</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Concluído em</TableCell>
                <TableCell align="right">Ação</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id} hover>
                  <TableCell>
                    {job.title}
                    {job.fileName && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                        {job.fileName}
                      </Box>
                    )}
                    <Box
                      component="span"
                      sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12 }}
                    >
                      {formatDateTime(job.createdAt)}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {job.status === 'failed' && job.error ? (
                      <Tooltip title={job.error}>
                        <Chip size="small" color={JOB_STATUS_COLOR[job.status]} label={JOB_STATUS_LABEL[job.status]} />
                      </Tooltip>
                    ) : (
                      <Chip size="small" color={JOB_STATUS_COLOR[job.status]} label={JOB_STATUS_LABEL[job.status]} />
                    )}
                    {job.status === 'running' && (
                      <LinearProgress
                        variant="determinate"
                        value={job.progress}
                        sx={{ mt: 0.5 }}
                        aria-label={`Progresso de ${job.title}`}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDateTime(job.createdAt)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {job.finishedAt ? formatDateTime(job.finishedAt) : '—'}
                  </TableCell>
                  <TableCell align="right">
                    {job.status !== 'completed' ? (
                      '—'
                    ) : job.fileRemoved ? (
                      <Tooltip title={EXPIRED_HINT}>
                        <Box component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
                          Arquivo expirado
                        </Box>
                      </Tooltip>
                    ) : (
                      <DownloadButton job={job} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
