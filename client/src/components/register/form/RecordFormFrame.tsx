import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { RemoteChange } from './useRecordEditing';

interface Props {
  /** The form's accessible name ("Novo bem", "Editar imóvel"). */
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The server's 409 message, when saving was refused because someone else saved first. */
  conflict: string | null;
  remote: RemoteChange;
  /** "Este registro foi alterado por outra pessoa enquanto você editava." and the like. */
  changedText: string;
  /** What to say when the record was deleted, or moved out of this user's sight. */
  goneText: (why: 'deleted' | 'removed') => string;
  onReload: () => void;
  saving: boolean;
  submitLabel: string;
  cancelTo: string;
  /** Buttons at the start of the action row (e.g. "Transferir / Doar"). */
  extraActions?: ReactNode;
  children: ReactNode;
}

function ReloadButton({ onReload }: { onReload: () => void }) {
  return (
    <Button color="inherit" size="small" onClick={onReload}>
      Recarregar
    </Button>
  );
}

/** The banners saying the record changed elsewhere (offer to reload), then the inputs, then the actions. */
export function RecordFormFrame(p: Props) {
  const gone = p.remote === 'deleted' || p.remote === 'removed';
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={p.onSubmit}
      aria-label={p.label}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      {p.conflict && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert" action={<ReloadButton onReload={p.onReload} />}>
          {p.conflict} Suas alterações ainda não foram salvas.
        </Alert>
      )}
      {!p.conflict && p.remote === 'updated' && (
        <Alert severity="info" sx={{ mb: 2 }} role="alert" action={<ReloadButton onReload={p.onReload} />}>
          {p.changedText} Recarregue para ver a versão atual; salvar agora será recusado.
        </Alert>
      )}
      {gone && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {p.goneText(p.remote as 'deleted' | 'removed')}
        </Alert>
      )}
      {p.children}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
        {p.extraActions}
        <Button component={RouterLink} to={p.cancelTo} disabled={p.saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={p.saving || gone}>
          {p.saving ? 'Salvando…' : p.submitLabel}
        </Button>
      </Box>
    </Paper>
  );
}
