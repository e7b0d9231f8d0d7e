import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useToastStore } from '../../lib/toast';

/** The single toast area: one toast at a time (spec §9); errors use the destructive style. */
export default function ToastArea() {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={current?.severity === 'error' ? 8000 : 5000}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') dismiss(current?.id);
      }}
      // Top centre, under the sticky header: a dialog's actions sit at the bottom right, and a toast there
      // covered them (hovering it to reach the button paused its timer, so it stayed).
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, md: 72 } }}
    >
      {current ? (
        <Alert
          severity={current.severity}
          variant="filled"
          onClose={() => dismiss(current.id)}
          role={current.severity === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          sx={{ minWidth: 280, maxWidth: 480, boxShadow: 6 }}
        >
          {current.title && <AlertTitle>{current.title}</AlertTitle>}
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
