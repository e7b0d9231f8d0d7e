import Box from '@mui/material/Box';
import { SIDEBAR_COLLAPSED, SIDEBAR_EXPANDED, type MenuGroup } from '@tombo/shared';
import { usePreferences } from '../../../lib/preferences';
import { NavGroups } from './NavGroups';

export const HEADER_HEIGHT = 72;

/** Desktop sidebar: 52 px collapsed, 280 px expanded (spec §2.4). */
export function DesktopSidebar({ groups }: { groups: MenuGroup[] }) {
  const expanded = usePreferences((s) => s.sidebarExpanded);
  const setExpanded = usePreferences((s) => s.setSidebarExpanded);
  const width = expanded ? SIDEBAR_EXPANDED : SIDEBAR_COLLAPSED;
  return (
    <Box
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      sx={{
        width,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
      }}
    >
      <Box
        component="nav"
        aria-label="Menu principal"
        sx={{
          position: 'sticky',
          top: HEADER_HEIGHT,
          maxHeight: `calc(100dvh - ${HEADER_HEIGHT}px)`,
          overflowY: 'auto',
          overflowX: 'hidden',
        }}
      >
        <NavGroups groups={groups} collapsed={!expanded} onExpandRequest={() => setExpanded(true)} idPrefix="sidebar" />
      </Box>
    </Box>
  );
}
