import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDateTime, formatFileSize, type GeneralDocument } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { downloadDocument } from './api';
import { FileIcon, fileKind } from './FileIcon';

interface Props {
  documents: GeneralDocument[];
  /** Given to admins and supervisors only. */
  onDelete?: (doc: GeneralDocument) => void;
}

/** Downloads one document at a time per row, with an error toast. */
function useDownload() {
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (doc: GeneralDocument) => {
    setBusy(doc.id);
    try {
      await downloadDocument(doc);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** Desktop: a table of the page's documents with download and (for managers) delete. */
export function DocumentTable({ documents, onDelete }: Props) {
  const { busy, download } = useDownload();
  return (
    <TableContainer>
      <Table aria-label="Documentos" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Nome</TableCell>
            <TableCell>Tipo</TableCell>
            <TableCell align="right">Tamanho</TableCell>
            <TableCell>Enviado por</TableCell>
            <TableCell>Enviado em</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((d) => (
            <TableRow key={d.id} hover data-testid={`document-row-${d.id}`}>
              <TableCell sx={{ maxWidth: 420 }}>
                <Stack direction="row" spacing={1} alignItems="center">
                  <FileIcon type={d.fileType} />
                  <Typography variant="body2" noWrap title={d.fileName} sx={{ fontWeight: 500 }}>
                    {d.fileName}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell>{fileKind(d.fileType)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(d.fileSize)}
              </TableCell>
              <TableCell>{d.uploadedBy.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.uploadedAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Baixar">
                  <span>
                    <IconButton
                      aria-label={`Baixar ${d.fileName}`}
                      onClick={() => void download(d)}
                      disabled={busy === d.id}
                    >
                      <FileDownloadOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                {onDelete && (
                  <Tooltip title="Excluir">
                    <IconButton aria-label={`Excluir ${d.fileName}`} color="error" onClick={() => onDelete(d)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Under 768 px: one card a document, the same actions as buttons. */
export function DocumentCards({ documents, onDelete }: Props) {
  const { busy, download } = useDownload();
  return (
    <Stack spacing={1} component="ul" aria-label="Documentos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {documents.map((d) => (
        <Card key={d.id} variant="outlined" component="li" data-testid={`document-card-${d.id}`}>
          <CardContent sx={{ pb: 0.5 }}>
            <Stack direction="row" spacing={1} alignItems="flex-start">
              <Box sx={{ pt: 0.25 }}>
                <FileIcon type={d.fileType} />
              </Box>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{d.fileName}</Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {fileKind(d.fileType)} · {formatFileSize(d.fileSize)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {d.uploadedBy.name} · {formatDateTime(d.uploadedAt)}
            </Typography>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
            <Button
              size="small"
              startIcon={<FileDownloadOutlined />}
              aria-label={`Baixar ${d.fileName}`}
              onClick={() => void download(d)}
              disabled={busy === d.id}
            >
              Baixar
            </Button>
            {onDelete && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutline />}
                aria-label={`Excluir ${d.fileName}`}
                onClick={() => onDelete(d)}
              >
                Excluir
              </Button>
            )}
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
