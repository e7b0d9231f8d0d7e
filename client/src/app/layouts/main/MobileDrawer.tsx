import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { SIDEBAR_EXPANDED, type MenuGroup } from '@tombo/shared';
import { NavGroups } from './NavGroups';

/** Below 768 px the sidebar becomes a left drawer. */
export function MobileDrawer({ open, onClose, groups }: { open: boolean; onClose: () => void; groups: MenuGroup[] }) {
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: SIDEBAR_EXPANDED, maxWidth: '85vw' } } }}
    >
      <Box component="nav" aria-label="Menu principal">
        <Typography variant="subtitle1" sx={{ px: 2, py: 2, fontWeight: 700 }}>
          Menu principal
        </Typography>
        <Divider />
        <NavGroups groups={groups} onNavigate={onClose} idPrefix="drawer" />
      </Box>
    </Drawer>
  );
}
