import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  CUSTOMIZATION_FILE_FIELDS,
  CUSTOMIZATION_MSG,
  type Customization,
  type CustomizationFileField,
} from '@tombo/shared';
import { toast } from '../../lib/toast';
import { uploadCustomizationFile } from './api';

const ACCEPT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon,.ico',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

interface Props {
  field: CustomizationFileField;
  value: string;
  onChange: (value: string) => void;
  /** The server's settings after an upload (the file is already saved there). */
  onUploaded: (next: Customization) => void;
  disabled?: boolean;
  error?: string;
}

/** A setting that holds a file: an address typed in, or a file sent through the upload rules. */
export function FileField({ field, value, onChange, onUploaded, disabled, error }: Props) {
  const spec = CUSTOMIZATION_FILE_FIELDS[field];
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (file: File) => {
    setProgress(0);
    try {
      const res = await uploadCustomizationFile(field, file, setProgress);
      onChange(res.url);
      onUploaded(res.customization);
      toast.success(CUSTOMIZATION_MSG.uploaded);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          id={`cf-${field}`}
          label={spec.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="https://... ou envie um arquivo"
          fullWidth
          margin="dense"
          size="small"
          disabled={disabled}
          error={!!error}
          helperText={
            error ?? `${spec.exts.map((e) => e.toUpperCase()).join(', ')} — até ${spec.maxBytes / 1048576} MB`
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          disabled={disabled || progress !== null}
          sx={{ mt: 1, flexShrink: 0 }}
          aria-label={`Enviar arquivo: ${spec.label}`}
        >
          Enviar
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid={`upload-${field}`}
          accept={spec.exts.map((e) => ACCEPT[e]).join(',')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void send(f);
          }}
        />
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Enviando arquivo" />}
    </Box>
  );
}
