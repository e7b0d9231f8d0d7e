import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDateTime, formatFileSize, type GeneralDocument } from '@tombo/shared';
import type { PhoneCard, RegisterColumn } from '../../components/register';
import { toast } from '../../lib/toast';
import { downloadDocument } from './api';
import { FileIcon, fileKind } from './FileIcon';

/** The documents' columns: the name (with its kind's icon), kind, size, who sent it and when. */
export const documentColumns: RegisterColumn<GeneralDocument>[] = [
  {
    field: 'fileName',
    header: 'Nome',
    minWidth: 260,
    text: (d) => d.fileName,
    render: (d) => (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
        <FileIcon type={d.fileType} />
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 500 }}>{d.fileName}</span>
      </Stack>
    ),
  },
  { field: 'fileType', header: 'Tipo', width: 120, text: (d) => fileKind(d.fileType) },
  { field: 'fileSize', header: 'Tamanho', width: 100, align: 'right', text: (d) => formatFileSize(d.fileSize) },
  { field: 'uploadedBy', header: 'Enviado por', width: 190, text: (d) => d.uploadedBy.name },
  { field: 'uploadedAt', header: 'Enviado em', width: 150, text: (d) => formatDateTime(d.uploadedAt) },
];

/** Download (one at a time, an error toast) and, for those who manage documents, delete. */
function DocumentActions({
  d,
  onDelete,
  phone,
}: {
  d: GeneralDocument;
  onDelete?: (doc: GeneralDocument) => void;
  phone?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadDocument(d);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setBusy(false);
    }
  };
  if (phone)
    return (
      <>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          aria-label={`Baixar ${d.fileName}`}
          onClick={() => void download()}
          disabled={busy}
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
      </>
    );
  return (
    <>
      <Tooltip title="Baixar">
        <span>
          <IconButton size="small" aria-label={`Baixar ${d.fileName}`} onClick={() => void download()} disabled={busy}>
            <FileDownloadOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {onDelete && (
        <Tooltip title="Excluir">
          <IconButton size="small" aria-label={`Excluir ${d.fileName}`} color="error" onClick={() => onDelete(d)}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

export const documentActions = (onDelete?: (doc: GeneralDocument) => void) =>
  function DocumentRowActions(d: GeneralDocument) {
    return <DocumentActions d={d} onDelete={onDelete} />;
  };

/** A document under 768 px: its name, kind and size, who sent it; download and delete as buttons. */
export const documentCard =
  (onDelete?: (doc: GeneralDocument) => void) =>
  (d: GeneralDocument): PhoneCard => ({
    title: d.fileName,
    chip: <FileIcon type={d.fileType} />,
    body: `${fileKind(d.fileType)} · ${formatFileSize(d.fileSize)}`,
    meta: `${d.uploadedBy.name} · ${formatDateTime(d.uploadedAt)}`,
    actions: <DocumentActions d={d} onDelete={onDelete} phone />,
    ariaLabel: d.fileName,
  });
