import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Description from '@mui/icons-material/Description';
import {
  DOCUMENT_EXTENSIONS,
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  formatFileSize,
  type PatrimonioArquivo,
} from '@tombo/shared';
import { toast } from '../../lib/toast';
import { AuthImage } from './AuthImage';
import { compressImage } from './compressImage';

export interface QueuedFile {
  key: string;
  kind: 'foto' | 'documento';
  file: File;
  originalSize: number;
  state: 'compressing' | 'ready' | 'uploading' | 'done' | 'error';
  progress: number;
  error?: string;
  preview?: string;
}

let seq = 0;
const DOC_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** What the queue shows of a file already stored (an asset's or a property's). */
export type StoredFile = Pick<PatrimonioArquivo, 'id' | 'fileName' | 'size' | 'url'>;

interface Props<F extends StoredFile> {
  kind: 'foto' | 'documento';
  queue: QueuedFile[];
  setQueue: (fn: (q: QueuedFile[]) => QueuedFile[]) => void;
  existing?: F[];
  onRemoveExisting?: (f: F) => void;
  disabled?: boolean;
}

/** Photos (images only, compressed in a worker as spec §9) or documents (PDF / office) waiting to be sent with the form. */
export function FileQueue<F extends StoredFile>({
  kind,
  queue,
  setQueue,
  existing = [],
  onRemoveExisting,
  disabled,
}: Props<F>) {
  const mine = queue.filter((q) => q.kind === kind);
  const max = kind === 'foto' ? PATRIMONIO_LIMITS.maxFotos : PATRIMONIO_LIMITS.maxDocumentos;
  const label = kind === 'foto' ? 'Fotos' : 'Documentos';
  const room = max - existing.length - mine.length;

  // Object URLs of the previews are released when the queue drops them.
  useEffect(() => () => mine.forEach((q) => q.preview && URL.revokeObjectURL(q.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const add = (files: FileList | null) => {
    if (!files) return;
    const list = Array.from(files);
    const accepted: File[] = [];
    for (const f of list) {
      if (kind === 'foto' && !f.type.startsWith('image/')) {
        toast.error(`${f.name}: ${PATRIMONIO_MSG.notAnImage}`);
        continue;
      }
      const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
      if (kind === 'documento' && !(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) {
        toast.error(`${f.name}: ${PATRIMONIO_MSG.badDocument}`);
        continue;
      }
      if (kind === 'documento' && f.size > PATRIMONIO_LIMITS.documentoMaxBytes) {
        toast.error(`${f.name}: ${PATRIMONIO_MSG.documentoTooLarge}`);
        continue;
      }
      accepted.push(f);
    }
    if (accepted.length > room) {
      toast.error(kind === 'foto' ? PATRIMONIO_MSG.tooManyFotos : PATRIMONIO_MSG.tooManyDocumentos);
      accepted.splice(Math.max(0, room));
    }
    const items: QueuedFile[] = accepted.map((file) => ({
      key: `q${++seq}`,
      kind,
      file,
      originalSize: file.size,
      state: kind === 'foto' ? 'compressing' : 'ready',
      progress: 0,
      preview: kind === 'foto' ? URL.createObjectURL(file) : undefined,
    }));
    setQueue((q) => [...q, ...items]);
    for (const item of items.filter((i) => i.kind === 'foto')) {
      void compressImage(item.file).then((small) => {
        setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, file: small, state: 'ready' } : x)));
      });
    }
  };

  const remove = (key: string) =>
    setQueue((q) => {
      const item = q.find((x) => x.key === key);
      if (item?.preview) URL.revokeObjectURL(item.preview);
      return q.filter((x) => x.key !== key);
    });

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ mr: 'auto' }}>
          {label} ({existing.length + mine.length}/{max})
        </Typography>
        <Button
          component="label"
          size="small"
          variant="outlined"
          startIcon={kind === 'foto' ? <AddPhotoAlternate /> : <AttachFile />}
          disabled={disabled || room <= 0}
        >
          {kind === 'foto' ? 'Adicionar fotos' : 'Adicionar documentos'}
          <input
            hidden
            type="file"
            multiple
            accept={kind === 'foto' ? 'image/*' : DOC_ACCEPT}
            aria-label={kind === 'foto' ? 'Adicionar fotos' : 'Adicionar documentos'}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {kind === 'foto'
          ? 'Somente imagens; comprimidas no navegador (até 1 MB e 1920 px) antes do envio.'
          : `PDF ou documentos de escritório (${DOCUMENT_EXTENSIONS.join(', ').toUpperCase()}), até 20 MB cada.`}
      </Typography>
      {(existing.length > 0 || mine.length > 0) && (
        <List dense aria-label={label}>
          {existing.map((f) => (
            <ListItem
              key={f.id}
              secondaryAction={
                onRemoveExisting && (
                  <IconButton
                    edge="end"
                    aria-label={`Excluir ${f.fileName}`}
                    onClick={() => onRemoveExisting(f)}
                    disabled={disabled}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 56 }}>
                {kind === 'foto' ? <AuthImage url={f.url} alt={f.fileName} size={44} /> : <Description />}
              </ListItemIcon>
              <ListItemText
                primary={f.fileName}
                secondary={`${formatFileSize(f.size)} · enviado`}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItem>
          ))}
          {mine.map((q) => (
            <ListItem
              key={q.key}
              secondaryAction={
                q.state !== 'uploading' &&
                q.state !== 'done' && (
                  <IconButton
                    edge="end"
                    aria-label={`Remover ${q.file.name}`}
                    onClick={() => remove(q.key)}
                    disabled={disabled}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 56 }}>
                {q.preview ? (
                  <Box
                    component="img"
                    src={q.preview}
                    alt=""
                    sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 1 }}
                  />
                ) : (
                  <Description />
                )}
              </ListItemIcon>
              <ListItemText
                primary={q.file.name}
                slotProps={{ primary: { noWrap: true }, secondary: { component: 'div' } }}
                secondary={
                  <>
                    {q.state === 'compressing' && 'Comprimindo…'}
                    {q.state === 'ready' &&
                      (q.file.size < q.originalSize
                        ? `${formatFileSize(q.originalSize)} → ${formatFileSize(q.file.size)} · aguardando envio`
                        : `${formatFileSize(q.file.size)} · aguardando envio`)}
                    {q.state === 'uploading' && `Enviando… ${q.progress}%`}
                    {q.state === 'done' && 'Enviado'}
                    {q.state === 'error' && (
                      <Box component="span" sx={{ color: 'error.main' }}>
                        {q.error}
                      </Box>
                    )}
                    {(q.state === 'uploading' || q.state === 'compressing') && (
                      <LinearProgress
                        sx={{ mt: 0.5 }}
                        aria-label={`Progresso de ${q.file.name}`}
                        variant={q.state === 'uploading' ? 'determinate' : 'indeterminate'}
                        value={q.progress}
                      />
                    )}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
