import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
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
import Download from '@mui/icons-material/DownloadOutlined';
import { formatDateTime, type Backup } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { toast } from '../../lib/toast';
import { downloadBackup } from './api';
import { BACKUP_STATUS_COLOR, BACKUP_STATUS_LABEL, backupOrigin, formatBytes } from './format';

interface Props {
  backups: Backup[];
  canDownload: boolean;
  /** Extra actions per backup (the superuser's 'Restaurar'). */
  actions?: (b: Backup) => ReactNode;
  showMunicipality?: boolean;
}

/** The backups as a table (desktop) or cards (phone, below 768 px). */
export function BackupList({ backups, canDownload, actions, showMunicipality }: Props) {
  const phone = useMediaQuery('(max-width:767.95px)');
  const [busy, setBusy] = useState<number | null>(null);
  if (!backups.length)
    return <EmptyState title="Nenhum backup ainda" description="Gere o primeiro backup ou ative o agendamento." />;
  const download = async (b: Backup) => {
    setBusy(b.id);
    try {
      await downloadBackup(b);
    } catch (e) {
      toast.fromError(e);
    } finally {
      setBusy(null);
    }
  };
  const act = (b: Backup) => (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {canDownload && b.status === 'completed' && (
        <Tooltip title="Baixar">
          <span>
            <IconButton
              aria-label={`Baixar backup de ${formatDateTime(b.createdAt)}`}
              onClick={() => void download(b)}
              disabled={busy === b.id}
            >
              <Download />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {actions?.(b)}
    </Box>
  );
  const status = (b: Backup) => (
    <Tooltip title={b.error ?? ''}>
      <Chip size="small" label={BACKUP_STATUS_LABEL[b.status]} color={BACKUP_STATUS_COLOR[b.status]} />
    </Tooltip>
  );
  const sum = (b: Backup) =>
    b.sha256 ? (
      <Tooltip title={`SHA-256: ${b.sha256}`}>
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {b.sha256.slice(0, 12)}…
        </Typography>
      </Tooltip>
    ) : (
      '—'
    );
  if (phone)
    return (
      <Stack spacing={1.5} data-testid="backup-list">
        {backups.map((b) => (
          <Paper key={b.id} variant="outlined" sx={{ p: 1.5 }} data-testid="backup-row">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="subtitle2">{formatDateTime(b.createdAt)}</Typography>
              {status(b)}
            </Box>
            {showMunicipality && <Typography variant="body2">{b.municipalityName ?? '—'}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {formatBytes(b.size)} · {backupOrigin(b)}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              {sum(b)}
              {act(b)}
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="backup-list">
      <Table size="small" aria-label="Backups">
        <TableHead>
          <TableRow>
            <TableCell>Data</TableCell>
            {showMunicipality && <TableCell>Município</TableCell>}
            <TableCell>Origem</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Tamanho</TableCell>
            <TableCell>Checksum (SHA-256)</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {backups.map((b) => (
            <TableRow key={b.id} data-testid="backup-row">
              <TableCell>{formatDateTime(b.createdAt)}</TableCell>
              {showMunicipality && <TableCell>{b.municipalityName ?? '—'}</TableCell>}
              <TableCell>{backupOrigin(b)}</TableCell>
              <TableCell>{status(b)}</TableCell>
              <TableCell align="right">{formatBytes(b.size)}</TableCell>
              <TableCell>{sum(b)}</TableCell>
              <TableCell align="right">{act(b)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
