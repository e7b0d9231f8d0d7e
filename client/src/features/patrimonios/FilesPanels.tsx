import { useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import { formatDateTime, formatFileSize } from '@tombo/shared';
import { http, saveBlob } from '../../lib/http';
import { toast } from '../../lib/toast';
import { AuthImage, apiPath } from './AuthImage';
import type { StoredFile } from './FileQueue';

/** A record's photos as thumbnails; a click shows one larger. */
export function PhotosPanel({ fotos }: { fotos: StoredFile[] }) {
  const [zoom, setZoom] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width:767.98px)');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Fotos ({fotos.length})
      </Typography>
      {fotos.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhuma foto.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Fotos"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {fotos.map((f) => (
            <li key={f.id}>
              <AuthImage url={f.url} alt={f.fileName} size={phone ? 96 : 112} onClick={() => setZoom(f.url)} />
            </li>
          ))}
        </Box>
      )}
      <Dialog open={!!zoom} onClose={() => setZoom(null)} maxWidth="lg" aria-label="Foto ampliada">
        <DialogContent sx={{ p: 1 }}>
          {zoom && <AuthImage url={zoom} alt="Foto ampliada" size={phone ? '80vw' : 640} />}
        </DialogContent>
      </Dialog>
    </Paper>
  );
}

/** A record's documents; a click downloads one (with the session's token). */
export function DocumentsPanel({ documentos }: { documentos: Array<StoredFile & { createdAt: string }> }) {
  const download = async (url: string, name: string) => {
    try {
      const { blob, fileName } = await http.download(apiPath(url));
      saveBlob(blob, fileName ?? name);
    } catch (err) {
      toast.fromError(err);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Documentos ({documentos.length})
      </Typography>
      {documentos.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nenhum documento.
        </Typography>
      ) : (
        <List dense aria-label="Documentos">
          {documentos.map((d) => (
            <ListItemButton
              key={d.id}
              onClick={() => void download(d.url, d.fileName)}
              aria-label={`Baixar ${d.fileName}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Description fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={d.fileName}
                secondary={`${formatFileSize(d.size)} · ${formatDateTime(d.createdAt)}`}
                slotProps={{ primary: { noWrap: true } }}
              />
              <Download fontSize="small" color="action" />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
