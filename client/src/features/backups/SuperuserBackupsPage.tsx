import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Restore from '@mui/icons-material/SettingsBackupRestore';
import type { Backup } from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import type { PageProps } from '../../lib/feature';
import { BackupList } from './BackupList';
import { RestoreDialog } from './RestoreDialog';
import { UploadBackupButton } from './UploadBackupButton';
import { useAllBackups } from './queries';

/** /superuser/backups: every municipality's backups and the restore (superuser only, with confirmation). */
export default function SuperuserBackupsPage({ title }: PageProps) {
  const [municipality, setMunicipality] = useState<number | ''>('');
  const query = useAllBackups(municipality || undefined);
  const { data } = query;
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
      <QueryState query={query} errorText="Falha ao carregar os backups.">
        {(data) => (
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
      </QueryState>
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </>
  );
}
