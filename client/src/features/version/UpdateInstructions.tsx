import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { VERSION_MSG, type KnownRelease } from '@tombo/shared';

/** 'Atualizar para vX': how to apply it. Tombo never updates itself; this says exactly what to run. */
export function UpdateInstructions({ release, onClose }: { release: KnownRelease; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="update-title">
      <DialogTitle id="update-title">{VERSION_MSG.updateTo(release.version)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          A atualização é feita pelo responsável pelo servidor. Passo a passo:
        </Typography>
        <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', m: 0 }}>
          {release.instructions}
        </Typography>
        {release.changelog.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              Novidades
            </Typography>
            <ul>
              {release.changelog.map((c) => (
                <li key={c}>
                  <Typography variant="body2">{c}</Typography>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
