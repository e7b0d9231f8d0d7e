import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { toast } from '../../lib/toast';

/** Recovery codes shown once, with a copy button. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const copy = () =>
    navigator.clipboard?.writeText(codes.join('\n')).then(
      () => toast.success('Códigos copiados.'),
      () => undefined,
    );
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Guarde estes códigos de recuperação em local seguro. Cada um pode ser usado uma única vez, caso você perca o
        acesso ao aplicativo autenticador. Eles não serão mostrados novamente.
      </Alert>
      <Box
        component="ul"
        aria-label="Códigos de recuperação"
        sx={{
          listStyle: 'none',
          p: 2,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Button startIcon={<ContentCopyOutlined />} onClick={copy} sx={{ mt: 1 }}>
        Copiar códigos
      </Button>
    </Box>
  );
}
