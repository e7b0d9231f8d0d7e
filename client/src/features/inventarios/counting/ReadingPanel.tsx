import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { ESTADOS_INVENTARIO, ESTADO_INVENTARIO_LABELS, INVENTARIO_MSG, numerosFromText } from '@tombo/shared';
import { Scanner } from './Scanner';
import type { ReadingOptions } from './useReadingQueue';

interface Props {
  locais: Array<{ id: number; name: string }>;
  localId: number | '';
  onLocal: (id: number | '') => void;
  disabled: boolean;
  /** Queues readings of these numbers (or raw scanned texts). */
  onRead: (numeros: string[], opts: ReadingOptions) => void;
  /** A scanned text that holds no asset number. */
  onBadScan: (text: string) => void;
  /** The outcome of the last reading, shown right under the ways to read (in sight on a phone). */
  result?: ReactNode;
}

/**
 * Where the counter is, the optional condition and note, and the two ways to read: the camera, or
 * typing/pasting one or many numbers (one per line, or separated by commas or semicolons).
 */
export function ReadingPanel({ locais, localId, onLocal, disabled, onRead, onBadScan, result }: Props) {
  const [camera, setCamera] = useState(false);
  const [text, setText] = useState('');
  const [estado, setEstado] = useState('');
  const [nota, setNota] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const opts = (): ReadingOptions => ({ localId: localId === '' ? undefined : localId, estado, nota });

  const submit = () => {
    const { numeros, invalidos } = numerosFromText(text);
    setInvalid(invalidos.length ? `${INVENTARIO_MSG.numeroInvalid} (${invalidos.join(', ')})` : null);
    if (numeros.length === 0) return;
    onRead(numeros, opts());
    setText(invalidos.join('\n'));
    setNota('');
  };

  const scanned = (raw: string) => {
    const { numeros } = numerosFromText(raw);
    if (numeros.length !== 1) onBadScan(raw);
    else onRead(numeros, opts());
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 2fr' } }}>
        <TextField
          select
          id="leitura-local"
          size="small"
          label="Onde estou"
          value={localId}
          onChange={(e) => onLocal(e.target.value === '' ? '' : Number(e.target.value))}
          disabled={disabled}
        >
          <MenuItem value="">Não informado</MenuItem>
          {locais.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="leitura-estado"
          size="small"
          label="Estado do bem"
          value={estado}
          onChange={(e) => setEstado(e.target.value)}
          disabled={disabled}
        >
          <MenuItem value="">Não informar</MenuItem>
          {ESTADOS_INVENTARIO.map((s) => (
            <MenuItem key={s} value={s}>
              {ESTADO_INVENTARIO_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        id="leitura-nota"
        size="small"
        label="Nota (opcional)"
        value={nota}
        onChange={(e) => setNota(e.target.value)}
        disabled={disabled}
        fullWidth
        sx={{ mt: 1.5 }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {result && <Box sx={{ mt: 1.5 }}>{result}</Box>}
      <Box sx={{ mt: 1.5 }}>
        {camera && !disabled ? (
          <Scanner onScan={scanned} onClose={() => setCamera(false)} />
        ) : (
          <Button
            variant="contained"
            color="secondary"
            fullWidth
            size="large"
            startIcon={<PhotoCamera />}
            onClick={() => setCamera(true)}
            disabled={disabled}
          >
            Ler etiqueta com a câmera
          </Button>
        )}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          id="leitura-numeros"
          size="small"
          label="Número do bem"
          placeholder="Digite ou cole números"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          disabled={disabled}
          multiline
          maxRows={6}
          fullWidth
          error={!!invalid}
          helperText={invalid ?? 'Vários: um por linha ou separados por vírgula.'}
          slotProps={{ htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={disabled || !text.trim()} sx={{ minHeight: 40 }}>
          Registrar
        </Button>
      </Box>
    </Paper>
  );
}
