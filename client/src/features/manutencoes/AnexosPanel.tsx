import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { MANUTENCAO_ANEXO_EXTENSIONS, formatDateTime, formatFileSize, type Manutencao } from '@tombo/shared';
import { http, saveBlob } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useManutencaoMutations } from './queries';

const ACCEPT = MANUTENCAO_ANEXO_EXTENSIONS.map((e) => `.${e}`).join(',');

/** A task's attachments (quotes, invoices, photos): download, and for `manutencoes:manage` send and remove. */
export function AnexosPanel({
  task,
  canManage,
  onChanged,
}: {
  task: Manutencao;
  canManage: boolean;
  onChanged: (m: Manutencao) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { attach, detach } = useManutencaoMutations();
  const download = async (url: string, name: string) => {
    try {
      const f = await http.download(url.replace(/^\/api/, ''));
      saveBlob(f.blob, f.fileName ?? name);
    } catch (err) {
      toast.fromError(err);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          Anexos
        </Typography>
        {canManage && (
          <>
            <Button
              size="small"
              startIcon={<UploadFile />}
              disabled={attach.isPending}
              onClick={() => input.current?.click()}
            >
              {attach.isPending ? 'Enviando...' : 'Anexar arquivo'}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept={ACCEPT}
              aria-label="Arquivo a anexar"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) attach.mutate({ id: task.id, file }, { onSuccess: onChanged });
              }}
            />
          </>
        )}
      </Box>
      {task.anexos.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum anexo.
        </Typography>
      ) : (
        <List dense disablePadding>
          {task.anexos.map((a) => (
            <ListItem
              key={a.id}
              disableGutters
              secondaryAction={
                <>
                  <IconButton aria-label={`Baixar ${a.fileName}`} onClick={() => void download(a.url, a.fileName)}>
                    <Download />
                  </IconButton>
                  {canManage && (
                    <IconButton
                      aria-label={`Remover ${a.fileName}`}
                      color="error"
                      disabled={detach.isPending}
                      onClick={() => detach.mutate({ m: task, fileId: a.id }, { onSuccess: onChanged })}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )}
                </>
              }
            >
              <ListItemText
                primary={a.fileName}
                secondary={`${formatFileSize(a.size)} · ${formatDateTime(a.createdAt)}${a.uploadedBy ? ` · ${a.uploadedBy}` : ''}`}
                slotProps={{ primary: { noWrap: true, sx: { pr: canManage ? 10 : 5 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
