import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { HEADER_DEFAULTS, type SessionUser } from '@tombo/shared';
import { optionalImageUrl } from '../../../lib/images';
import { SearchButton } from '../../../features/busca';
import { useCustomization } from '../../../features/customization';
import { NotificationBell } from '../../../features/notifications';
import { ThemeMenu } from '../shared/ThemeMenu';
import { HEADER_HEIGHT } from './DesktopSidebar';
import { UserMenu } from './UserMenu';

interface Props {
  user: SessionUser;
  mobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onOpenMenuSheet: () => void;
}

/** Sticky header: logo (→ /dashboard), city-hall branding, global search (Ctrl+K), theme menu, notification bell and user menu. */
export function AppHeader({ user, mobile, sidebarExpanded, onToggleSidebar, onOpenMenuSheet }: Props) {
  const c = useCustomization();
  const logo = optionalImageUrl(c.activeLogoUrl);
  const prefeitura = c.prefeituraName || HEADER_DEFAULTS.prefeituraName;
  const secretaria = c.secretariaResponsavel || HEADER_DEFAULTS.secretariaResponsavel;
  const departamento = c.departamentoResponsavel || HEADER_DEFAULTS.departamentoResponsavel;
  const toggleLabel = mobile
    ? 'Abrir menu lateral'
    : sidebarExpanded
      ? 'Recolher menu lateral'
      : 'Expandir menu lateral';

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', zIndex: (t) => t.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ minHeight: { xs: 60, md: HEADER_HEIGHT }, gap: { xs: 1, md: 1.5 }, px: { xs: 1, md: 2 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton
            edge="start"
            onClick={onToggleSidebar}
            aria-label={toggleLabel}
            aria-expanded={mobile ? undefined : sidebarExpanded}
          >
            {!mobile && sidebarExpanded ? <MenuOpen /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label="Ir para o painel"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
            flex: 1,
          }}
        >
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt="Logotipo"
              sx={{ height: { xs: 36, md: 48 }, maxWidth: 120, objectFit: 'contain' }}
            />
          ) : (
            <Box
              aria-hidden
              sx={{
                width: { xs: 36, md: 44 },
                height: { xs: 36, md: 44 },
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
              }}
            >
              <AccountBalanceOutlined />
            </Box>
          )}
          <Box sx={{ minWidth: 0, lineHeight: 1.2 }}>
            <Typography
              component="p"
              noWrap
              sx={{ fontWeight: 700, fontSize: { xs: 13, md: 15 }, textTransform: 'uppercase', lineHeight: 1.25 }}
            >
              {prefeitura}
            </Typography>
            <Typography
              component="p"
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.3 }}
            >
              {secretaria}
              {' · '}
              {departamento}
            </Typography>
            <Typography
              component="p"
              variant="caption"
              noWrap
              sx={{ color: 'primary.main', fontWeight: 600, lineHeight: 1.3 }}
            >
              {HEADER_DEFAULTS.subtitle}
            </Typography>
          </Box>
        </Box>
        <SearchButton mobile={mobile} />
        {!mobile && <ThemeMenu />}
        <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
          <NotificationBell />
        </Suspense>
        {mobile && (
          <IconButton onClick={onOpenMenuSheet} aria-label="Menu">
            <AppsOutlined />
          </IconButton>
        )}
        <UserMenu user={user} mobile={mobile} />
      </Toolbar>
    </AppBar>
  );
}
