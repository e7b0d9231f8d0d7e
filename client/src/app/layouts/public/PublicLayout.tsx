import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { HEADER_DEFAULTS, footerText } from '@tombo/shared';
import { VERSION_LABEL } from '../../../features/version';
import { optionalImageUrl } from '../../../lib/images';
import { useSession } from '../../../lib/session';
import { useCustomization } from '../../../features/customization';

/** Layout of the public screens (no sign-in): branding header, content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const c = useCustomization();
  const user = useSession((s) => s.user);
  const logo = optionalImageUrl(c.activeLogoUrl);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          {logo ? (
            <Box component="img" src={logo} alt="Logotipo" sx={{ height: 40, maxWidth: 120, objectFit: 'contain' }} />
          ) : (
            <AccountBalanceOutlined color="primary" aria-hidden />
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="p" noWrap sx={{ fontWeight: 700, textTransform: 'uppercase', fontSize: 15 }}>
              {c.prefeituraName || HEADER_DEFAULTS.prefeituraName}
            </Typography>
            <Typography component="p" variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              {HEADER_DEFAULTS.subtitle}
            </Typography>
          </Box>
          <Button component={RouterLink} to={user ? '/' : '/login'} variant="outlined">
            {user ? 'Ir para o sistema' : 'Entrar'}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, md: 4 } }}>
        {children}
      </Container>
      <Box
        component="footer"
        sx={{ py: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="caption">
          {footerText(c.loginFooterText)} · {VERSION_LABEL}
        </Typography>
      </Box>
    </Box>
  );
}
