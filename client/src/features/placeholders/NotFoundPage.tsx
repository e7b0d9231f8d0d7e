import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Not-found page for any unknown path. */
export default function NotFoundPage({ embedded }: { embedded?: boolean }) {
  return (
    <Box
      component={embedded ? 'section' : 'main'}
      sx={{
        minHeight: embedded ? 360 : '100dvh',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box>
        <Typography component="p" sx={{ fontSize: 72, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 2 }}>
          Página não encontrada
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          O endereço acessado não existe ou foi removido.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Voltar ao início
        </Button>
      </Box>
    </Box>
  );
}
