import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UploadOptions } from '../../lib/upload';
import { errorMessage } from '../../lib/http';
import { FileQueue, type QueuedFile, type StoredFile } from './FileQueue';

type Upload = (recordId: number, kind: QueuedFile['kind'], file: File, opts: UploadOptions) => Promise<unknown>;

/** The files picked on a record's form, sent one by one after the record is saved. */
export function useUploadQueue(upload: Upload) {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const setItem = (key: string, patch: Partial<QueuedFile>) =>
    setQueue((q) => q.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  /** Sends what is not sent yet; the failures as "file: reason". */
  const send = async (recordId: number): Promise<string[]> => {
    const failures: string[] = [];
    for (const item of queue.filter((q) => q.state !== 'done' && q.state !== 'uploading')) {
      setItem(item.key, { state: 'uploading', progress: 0 });
      try {
        // A photo still being compressed is sent as picked (the server re-encodes it anyway).
        await upload(recordId, item.kind, item.file, { onProgress: (p) => setItem(item.key, { progress: p }) });
        setItem(item.key, { state: 'done', progress: 100 });
      } catch (err) {
        const message = errorMessage(err);
        failures.push(`${item.file.name}: ${message}`);
        setItem(item.key, { state: 'error', error: message });
      }
    }
    return failures;
  };
  return { queue, setQueue, send };
}

/** "O bem foi salvo, mas um arquivo não foi enviado: …" */
export function uploadFailureText(saved: string, failures: string[]): string {
  const what = failures.length === 1 ? 'um arquivo não foi enviado' : `${failures.length} arquivos não foram enviados`;
  return `${saved}, mas ${what}: ${failures[0]}`;
}

interface Props<F extends StoredFile> {
  uploads: ReturnType<typeof useUploadQueue>;
  fotos: F[];
  documentos: F[];
  /** Removing a stored file (editing only). */
  onRemove?: (f: F) => void;
  disabled?: boolean;
}

/** "Fotos e documentos" of a record's form: the stored ones and the queue to send. */
export function RecordFiles<F extends StoredFile>({ uploads, fotos, documentos, onRemove, disabled }: Props<F>) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Fotos e documentos
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(['foto', 'documento'] as const).map((kind) => (
          <FileQueue
            key={kind}
            kind={kind}
            queue={uploads.queue}
            setQueue={uploads.setQueue}
            existing={kind === 'foto' ? fotos : documentos}
            onRemoveExisting={onRemove}
            disabled={disabled}
          />
        ))}
      </Box>
    </>
  );
}
