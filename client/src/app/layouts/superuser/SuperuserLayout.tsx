import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import {
  HEADER_DEFAULTS,
  PRODUCT_NAME,
  SIDEBAR_EXPANDED,
  SUPERUSER_EXTRA_ROUTES,
  SUPERUSER_MENU,
  isMenuItemActive,
} from '@tombo/shared';
import { useSession } from '../../../lib/session';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { useCustomization } from '../../../features/customization';
import { VERSION_LABEL, VersionManagerButton } from '../../../features/version';
import { MOBILE_QUERY } from '../shared/media';
import { FALLBACK_ICONS, SUPERUSER_ICONS } from '../shared/menuIcons';
import { ThemeMenu } from '../shared/ThemeMenu';
import { SuperuserUserMenu } from './SuperuserUserMenu';

export const SUPERUSER_TITLE = `${PRODUCT_NAME} - Superusuário`;

function SuperuserNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Menu do superusuário">
      <Typography variant="subtitle1" component="p" sx={{ px: 2, py: 2.25, fontWeight: 700 }}>
        {SUPERUSER_TITLE}
      </Typography>
      <Divider />
      <List dense sx={{ py: 1 }}>
        {SUPERUSER_MENU.map((item) => {
          const active = isMenuItemActive(item, pathname);
          return (
            <ListItemButton
              key={item.path}
              component={RouterLink}
              to={item.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ minHeight: 40, '&.Mui-selected': { color: 'primary.main' } }}
            >
              <ListItemIcon sx={{ minWidth: 38, color: 'inherit' }}>
                {SUPERUSER_ICONS[item.path] ?? FALLBACK_ICONS.item}
              </ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}

function pageLabel(pathname: string): string {
  const item = [...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES].find((i) => isMenuItemActive(i, pathname));
  return item?.label ?? 'Superusuário';
}

/** Superuser back-office layout: own sidebar, header and footer (spec §2.6). */
export default function SuperuserLayout() {
  const user = useSession((s) => s.user);
  const c = useCustomization();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setDrawerOpen(false);
  }
  if (!user) return null;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {!mobile && (
        <Box
          sx={{
            width: SIDEBAR_EXPANDED,
            flexShrink: 0,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            position: 'sticky',
            top: 0,
            height: '100dvh',
            overflowY: 'auto',
          }}
        >
          <SuperuserNav />
        </Box>
      )}
      {mobile && (
        <Drawer
          anchor="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_EXPANDED, maxWidth: '85vw' } } }}
        >
          <SuperuserNav onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            {mobile && (
              <IconButton edge="start" aria-label="Abrir menu lateral" onClick={() => setDrawerOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography
              variant="h6"
              component="p"
              sx={{ flex: 1, fontWeight: 600, fontSize: { xs: 16, md: 18 } }}
              noWrap
            >
              {mobile ? SUPERUSER_TITLE : pageLabel(pathname)}
            </Typography>
            <ThemeMenu />
            <SuperuserUserMenu user={user} />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
          <Suspense fallback={<ContentSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box
          component="footer"
          sx={{
            px: 3,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="caption">{c.superUserFooterText || HEADER_DEFAULTS.superUserFooterText}</Typography>
          <Typography variant="caption" data-testid="app-version">
            {VERSION_LABEL}
          </Typography>
        </Box>
      </Box>
      <VersionManagerButton />
    </Box>
  );
}
