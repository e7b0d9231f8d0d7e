import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** Cancelar + the submit button of the loans' dialogs ('Registrando...' while the request runs). */
export function FormActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Registrando...' : label}
      </Button>
    </DialogActions>
  );
}
