import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSession } from '../../../lib/session';
import { useMenu } from '../../../lib/permissions';
import { usePreferences } from '../../../lib/preferences';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { AppFooter } from './AppFooter';
import { VersionManagerButton } from '../../../features/version';
import { AppHeader } from './AppHeader';
import { DesktopSidebar } from './DesktopSidebar';
import { BOTTOM_BAR_HEIGHT, MobileBottomBar } from './MobileBottomBar';
import { MobileDrawer } from './MobileDrawer';
import { MobileMenuSheet } from './MobileMenuSheet';
import { MOBILE_QUERY } from '../shared/media';

/** Signed-in layout: sticky header, sidebar (desktop) or drawer + sheet + bottom bar (phone). */
export default function MainLayout() {
  const user = useSession((s) => s.user);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const expanded = usePreferences((s) => s.sidebarExpanded);
  const setExpanded = usePreferences((s) => s.setSidebarExpanded);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  // The role's menu without what the user may not open now: follows a permission change at once.
  const groups = useMenu();
  if (seenPath !== pathname) {
    // Drawer and sheet close on route change.
    setSeenPath(pathname);
    setDrawerOpen(false);
    setSheetOpen(false);
  }
  if (!user) return null;

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#conteudo"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 3000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        Pular para o conteúdo
      </Box>
      <AppHeader
        user={user}
        mobile={mobile}
        sidebarExpanded={expanded}
        onToggleSidebar={() => (mobile ? setDrawerOpen(true) : setExpanded(!expanded))}
        onOpenMenuSheet={() => setSheetOpen(true)}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {!mobile && <DesktopSidebar groups={groups} />}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Box component="main" id="conteudo" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
            <Suspense fallback={<ContentSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
          <AppFooter />
          {mobile && <Box sx={{ height: BOTTOM_BAR_HEIGHT }} aria-hidden />}
        </Box>
      </Box>
      {mobile && (
        <>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} groups={groups} />
          <MobileMenuSheet open={sheetOpen} onClose={() => setSheetOpen(false)} user={user} groups={groups} />
          <MobileBottomBar />
        </>
      )}
      <VersionManagerButton bottomOffset={mobile ? BOTTOM_BAR_HEIGHT : 0} />
    </Box>
  );
}
