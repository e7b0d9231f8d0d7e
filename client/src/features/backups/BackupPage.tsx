import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Backup from '@mui/icons-material/BackupOutlined';
import { BACKUP_MSG } from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { createBackup } from './api';
import { BackupList } from './BackupList';
import { ScheduleCard } from './ScheduleCard';
import { backupKeys } from './keys';
import { useBackups } from './queries';

/**
 * /configuracoes/backup: the municipality's backups (size, SHA-256, date, status), 'Gerar backup'
 * with its progress, downloads and the schedule. Admins act; supervisors read.
 */
export default function BackupPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('settings:update');
  const qc = useQueryClient();
  const query = useBackups();
  const { data } = query;
  const create = useMutation({
    mutationFn: createBackup,
    onSuccess: () => {
      toast.info(BACKUP_MSG.created);
      void qc.invalidateQueries({ queryKey: backupKeys.all });
    },
    onError: (e) => toast.fromError(e),
  });
  const running = data?.backups.find((b) => b.status === 'queued' || b.status === 'running');
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Cópias dos dados e arquivos do município. A restauração é feita por um superusuário."
        actions={
          canManage && (
            <Button
              variant="contained"
              startIcon={<Backup />}
              onClick={() => create.mutate()}
              disabled={create.isPending || !!running}
            >
              Gerar backup
            </Button>
          )
        }
      />
      {running && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-live="polite">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {running.status === 'queued' ? 'Backup na fila...' : `Gerando backup... ${running.progress}%`}
          </Typography>
          <LinearProgress
            variant={running.progress > 0 ? 'determinate' : 'indeterminate'}
            value={running.progress}
            aria-label="Progresso do backup"
          />
        </Paper>
      )}
      <QueryState query={query} errorText="Falha ao carregar os backups.">
        {(data) => (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <BackupList backups={data.backups} canDownload={canManage} />
            <ScheduleCard key={data.settings.version} settings={data.settings} canEdit={canManage} />
            {!canManage && <Alert severity="info">Somente administradores geram e baixam backups.</Alert>}
          </Box>
        )}
      </QueryState>
    </>
  );
}
