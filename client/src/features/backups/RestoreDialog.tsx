import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BACKUP_MSG, RESTORE_CONFIRMATION, formatDateTime, type Backup, type BackupRestoreInput } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { restoreBackup } from './api';
import { backupKeys } from './keys';
import { useRestoreJob } from './queries';

/** The restore of one backup: target (same / new municipality), typed confirmation, then the job's outcome. */
export function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const qc = useQueryClient();
  const [target, setTarget] = useState<'same' | 'new'>(backup.municipalityId ? 'same' : 'new');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useRestoreJob(jobId).data;
  const run = useMutation({
    mutationFn: () => {
      const body: BackupRestoreInput =
        target === 'same'
          ? { target, confirmation: confirmation as typeof RESTORE_CONFIRMATION }
          : { target, name, slug, confirmation: confirmation as typeof RESTORE_CONFIRMATION };
      return restoreBackup(backup.id, body);
    },
    onSuccess: (r) => {
      setJobId(r.job.id);
      toast.info(BACKUP_MSG.restoreQueued);
    },
  });
  const done = job?.status === 'completed' || job?.status === 'failed';
  if (job?.status === 'completed') void qc.invalidateQueries({ queryKey: backupKeys.all });
  const busy = run.isPending || (!!jobId && !done);
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="restore-title">
      <DialogTitle id="restore-title">Restaurar backup</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            Backup de <strong>{backup.municipalityName ?? 'município removido'}</strong> em{' '}
            {formatDateTime(backup.createdAt)}.
          </Typography>
          <RadioGroup value={target} onChange={(_, v) => setTarget(v as 'same' | 'new')}>
            <FormControlLabel
              value="same"
              control={<Radio />}
              disabled={!backup.municipalityId || busy}
              label="No mesmo município (substitui os dados atuais pelos do backup)"
            />
            <FormControlLabel value="new" control={<Radio />} disabled={busy} label="Em um novo município" />
          </RadioGroup>
          {target === 'new' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Nome do novo município"
                value={name}
                onChange={(e) => setName(e.target.value)}
                fullWidth
              />
              <TextField label="Endereço (slug)" value={slug} onChange={(e) => setSlug(e.target.value)} fullWidth />
            </Stack>
          )}
          <Alert severity="warning">
            Esta ação substitui dados e não pode ser desfeita. Digite <strong>{RESTORE_CONFIRMATION}</strong> para
            confirmar.
          </Alert>
          <TextField
            label="Confirmação"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            disabled={busy}
            slotProps={{ htmlInput: { 'aria-label': 'Confirmação' } }}
          />
          {run.isError && <Alert severity="error">{errorMessage(run.error)}</Alert>}
          {jobId && !done && (
            <LinearProgress variant={job?.progress ? 'determinate' : 'indeterminate'} value={job?.progress ?? 0} />
          )}
          {job?.status === 'completed' && <Alert severity="success">Backup restaurado.</Alert>}
          {job?.status === 'failed' && <Alert severity="error">{job.error ?? BACKUP_MSG.restoreFailed}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {done ? 'Fechar' : 'Cancelar'}
        </Button>
        {!done && (
          <Button
            variant="contained"
            color="error"
            onClick={() => run.mutate()}
            disabled={busy || confirmation !== RESTORE_CONFIRMATION || (target === 'new' && (!name || !slug))}
          >
            Restaurar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
