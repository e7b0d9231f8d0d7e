import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, GENERAL_DOCUMENT_EXTENSIONS, formatFileSize } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { uploadDocument } from './api';
import { documentKeys } from './keys';

interface Item {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'error';
  progress: number;
  error?: string;
}

const ACCEPT = GENERAL_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
const extOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');
let seq = 0;

/** A first look in the browser (the server checks the bytes): the name's type and the size. */
function refusal(file: File): string | null {
  if (!(GENERAL_DOCUMENT_EXTENSIONS as readonly string[]).includes(extOf(file.name))) return DOCUMENT_MSG.notAllowed;
  if (file.size > DOCUMENT_LIMITS.maxBytes) return DOCUMENT_MSG.tooLarge;
  return null;
}

/**
 * Drop zone and file button for admins and supervisors: files go up one at a time with a progress bar;
 * each success toasts and refetches the list (everyone else gets the live event).
 */
export function UploadPanel() {
  const qc = useQueryClient();
  const [queue, setQueue] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const running = useRef<{ key: string; abort: AbortController } | null>(null);
  const patch = (key: string, p: Partial<Item>) => setQueue((q) => q.map((x) => (x.key === key ? { ...x, ...p } : x)));

  const add = (files: FileList | File[] | null) => {
    const items: Item[] = [];
    for (const file of Array.from(files ?? [])) {
      const refused = refusal(file);
      if (refused) toast.error(`${file.name}: ${refused}`);
      else items.push({ key: `d${++seq}`, file, state: 'waiting', progress: 0 });
    }
    if (items.length) setQueue((q) => [...q, ...items]);
  };

  // One upload at a time, in the order the files were chosen.
  useEffect(() => {
    if (running.current) return;
    const next = queue.find((x) => x.state === 'waiting');
    if (!next) return;
    const abort = new AbortController();
    running.current = { key: next.key, abort };
    patch(next.key, { state: 'uploading', progress: 0 });
    uploadDocument(next.file, { onProgress: (progress) => patch(next.key, { progress }), signal: abort.signal })
      .then(() => {
        setQueue((q) => q.filter((x) => x.key !== next.key));
        toast.success(DOCUMENT_MSG.uploaded);
        void qc.invalidateQueries({ queryKey: documentKeys.all });
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') {
          setQueue((q) => q.filter((x) => x.key !== next.key));
          return;
        }
        const message = errorMessage(err);
        patch(next.key, { state: 'error', error: message });
        toast.error(`${next.file.name}: ${message}`);
      })
      .finally(() => {
        running.current = null;
        setQueue((q) => [...q]); // wake the effect for the next file
      });
  }, [queue]); // eslint-disable-line react-hooks/exhaustive-deps

  // Leaving the screen cancels the upload in flight.
  useEffect(() => () => running.current?.abort.abort(), []);

  const dismiss = (item: Item) => {
    if (item.state === 'uploading') running.current?.abort.abort();
    else setQueue((q) => q.filter((x) => x.key !== item.key));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  return (
    <Paper variant="outlined" sx={{ mb: 2, p: 2 }}>
      <Box
        data-testid="documents-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 2, md: 3 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1,
        }}
      >
        <CloudUploadOutlined color="action" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ display: { xs: 'none', md: 'block' } }}>Arraste arquivos para cá ou</Typography>
        <Button component="label" variant="contained" startIcon={<CloudUploadOutlined />}>
          Enviar documentos
          <input
            hidden
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Enviar documentos"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary">
          PDF, imagens (JPG, PNG, WebP, GIF), documentos de escritório (DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP),
          CSV ou TXT — até {formatFileSize(DOCUMENT_LIMITS.maxBytes)} cada.
        </Typography>
      </Box>
      {queue.length > 0 && (
        <List dense aria-label="Envios" sx={{ mt: 1 }}>
          {queue.map((item) => (
            <ListItem
              key={item.key}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`${item.state === 'uploading' ? 'Cancelar envio de' : 'Remover'} ${item.file.name}`}
                  onClick={() => dismiss(item)}
                >
                  <Close fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={item.file.name}
                slotProps={{ primary: { noWrap: true }, secondary: { component: 'div' } }}
                secondary={
                  <>
                    {item.state === 'waiting' && `${formatFileSize(item.file.size)} · aguardando envio`}
                    {item.state === 'uploading' && `Enviando… ${item.progress}%`}
                    {item.state === 'error' && (
                      <Box component="span" sx={{ color: 'error.main' }}>
                        {item.error}
                      </Box>
                    )}
                    {item.state === 'uploading' && (
                      <LinearProgress
                        variant="determinate"
                        value={item.progress}
                        sx={{ mt: 0.5 }}
                        aria-label={`Progresso de ${item.file.name}`}
                      />
                    )}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
