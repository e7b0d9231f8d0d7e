import { Link as RouterLink, useLocation } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { isMenuItemActive } from '@tombo/shared';
import { useBottomBar } from '../../../lib/permissions';
import { BOTTOM_BAR_ICONS } from '../shared/menuIcons';

export const BOTTOM_BAR_HEIGHT = 64;

/** Phone bottom bar: Início, Bens, Imóveis, Relatórios, Config (spec §2.4), less what the user may not open. */
export function MobileBottomBar() {
  const { pathname } = useLocation();
  const items = useBottomBar();
  const active = items.findIndex((item) => isMenuItemActive(item, pathname));
  return (
    <Paper
      component="nav"
      aria-label="Navegação inferior"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={active === -1 ? false : active} sx={{ height: BOTTOM_BAR_HEIGHT }}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.path}
            component={RouterLink}
            to={item.path}
            label={item.label}
            icon={BOTTOM_BAR_ICONS[item.path]}
            aria-current={isMenuItemActive(item, pathname) ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
