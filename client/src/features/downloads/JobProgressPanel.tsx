import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MSG } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { downloadJobFile } from './api';
import { useJob } from './queries';
import { JOB_STATUS_LABEL } from './jobStatus';

/**
 * Progress of an export job (job.progress events) and its 'Baixar arquivo' button; used by every
 * page that exports (sectors, assets). `title` is the fallback when the job has none.
 */
export function JobProgressPanel({
  jobId,
  onClose,
  title = 'Exportação',
}: {
  jobId: string;
  onClose: () => void;
  title?: string;
}) {
  const { data: job } = useJob(jobId);
  const [downloading, setDownloading] = useState(false);
  if (!job) return null;
  const progress = Math.max(0, Math.min(100, job.progress ?? 0));
  const running = job.status === 'queued' || job.status === 'running';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadJobFile(job);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} aria-live="polite" data-testid="export-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {job.title || title} — {JOB_STATUS_LABEL[job.status]}
        </Typography>
        {!running && (
          <IconButton size="small" aria-label="Fechar painel de exportação" onClick={onClose}>
            <Close fontSize="small" />
          </IconButton>
        )}
      </Box>
      {job.status !== 'failed' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            aria-label="Progresso da exportação"
          />
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
            {progress}%
          </Typography>
        </Box>
      )}
      {job.status === 'completed' && (
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          onClick={download}
          disabled={downloading}
        >
          Baixar arquivo
        </Button>
      )}
      {job.status === 'failed' && <Alert severity="error">{job.error || MSG.jobs.failed}</Alert>}
    </Paper>
  );
}
