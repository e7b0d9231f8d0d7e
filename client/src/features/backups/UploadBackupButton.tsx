import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { BACKUP_MSG } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { uploadBackup } from './api';
import { backupKeys } from './keys';

/**
 * 'Enviar backup' (superuser): an archive downloaded earlier or made by another installation becomes a
 * backup in the list, ready to restore (in place when it is of a municipality of this installation).
 */
export function UploadBackupButton() {
  const qc = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const send = async (file: File) => {
    setPercent(0);
    try {
      await uploadBackup(file, setPercent);
      toast.success(BACKUP_MSG.uploaded);
      await qc.invalidateQueries({ queryKey: backupKeys.all });
    } catch (e) {
      toast.fromError(e, BACKUP_MSG.uploadFailed);
    } finally {
      setPercent(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 180 }}>
      <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={percent !== null}>
        Enviar backup
        <input
          hidden
          type="file"
          accept=".gz,.tgz,application/gzip"
          aria-label="Arquivo de backup (.tar.gz)"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void send(file);
          }}
        />
      </Button>
      {percent !== null && <LinearProgress variant="determinate" value={percent} aria-label="Enviando o backup" />}
    </Box>
  );
}
