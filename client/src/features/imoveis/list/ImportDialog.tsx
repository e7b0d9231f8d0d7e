import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { IMOVEL_MSG } from '@tombo/shared';
import { ApiError, errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { importImoveis } from '../api';
import { refreshLists } from '../live';

/** Import of a sheet in the export's format: every row or none; the errors per row are listed. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; rows: string[] } | null>(null);
  const close = () => {
    if (progress != null) return;
    setFile(null);
    setError(null);
    onClose();
  };
  const send = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const r = await importImoveis(file, { onProgress: setProgress });
      refreshLists(qc);
      toast.success(IMOVEL_MSG.importDone(r.imported));
      setProgress(null);
      close();
    } catch (err) {
      const rows = err instanceof ApiError && err.fields ? Object.values(err.fields) : [];
      setError({ message: errorMessage(err), rows });
      setProgress(null);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="imoveis-importar-titulo">
      <DialogTitle id="imoveis-importar-titulo">Importar imóveis</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Envie uma planilha XLSX no formato da exportação (use “Exportar” para obter o modelo). Se alguma linha tiver
          erro, nada é importado.
        </Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={progress != null}>
          {file ? file.name : 'Escolher planilha'}
          <input
            hidden
            type="file"
            accept=".xlsx"
            aria-label="Planilha de imóveis"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              e.target.value = '';
            }}
          />
        </Button>
        {progress != null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
            {error.rows.length > 0 && (
              <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto' }}>
                {error.rows.slice(0, 100).map((r, i) => (
                  <ListItem key={i} disableGutters sx={{ py: 0 }}>
                    {r}
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={progress != null}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || progress != null}>
          Importar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
