import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullScreenSpinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        zIndex: 2000,
      }}
    >
      <CircularProgress />
    </Box>
  );
}

export function ContentSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} aria-busy="true">
      <CircularProgress aria-label="Carregando..." />
    </Box>
  );
}
