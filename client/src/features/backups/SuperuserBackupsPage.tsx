import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Restore from '@mui/icons-material/SettingsBackupRestore';
import type { Backup } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { BackupList } from './BackupList';
import { RestoreDialog } from './RestoreDialog';
import { UploadBackupButton } from './UploadBackupButton';
import { useAllBackups } from './queries';

/** /superuser/backups: every municipality's backups and the restore (superuser only, with confirmation). */
export default function SuperuserBackupsPage({ title }: PageProps) {
  const [municipality, setMunicipality] = useState<number | ''>('');
  const { data, isPending, isError, refetch } = useAllBackups(municipality || undefined);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const names = new Map(
    (data?.backups ?? []).filter((b) => b.municipalityId).map((b) => [b.municipalityId!, b.municipalityName ?? '']),
  );
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Backups de cada município. Restaurar substitui os dados do município (ou cria um novo) em uma única transação."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <UploadBackupButton />
            <TextField
              select
              size="small"
              label="Município"
              value={municipality}
              onChange={(e) => setMunicipality(e.target.value === '' ? '' : Number(e.target.value))}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">Todos</MenuItem>
              {[...names].map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        }
      />
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message="Falha ao carregar os backups." onRetry={() => void refetch()} />
      ) : (
        <BackupList
          backups={data.backups}
          canDownload={false}
          showMunicipality
          actions={(b) =>
            b.status === 'completed' && (
              <Button size="small" startIcon={<Restore />} onClick={() => setRestoring(b)}>
                Restaurar
              </Button>
            )
          }
        />
      )}
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </>
  );
}
