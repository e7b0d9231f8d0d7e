import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { ROLE_LABELS, type MenuGroup, type SessionUser } from '@tombo/shared';
import { UserAvatar } from '../../../components/UserAvatar';
import { NavGroups } from './NavGroups';

interface Props {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  groups: MenuGroup[];
}

/** Phone 'Menu' sheet: the user's name and role and the role's groups (spec §2.4). */
export function MobileMenuSheet({ open, onClose, user, groups }: Props) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { maxHeight: '85dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 }, 'aria-label': 'Menu' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
        <UserAvatar name={user.name} avatarUrl={user.avatarUrl} size={40} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1rem' }} noWrap>
            Menu
          </Typography>
          <Typography variant="body2" noWrap>
            {user.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {ROLE_LABELS[user.role]}
          </Typography>
        </Box>
        <IconButton aria-label="Fechar menu" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto' }}>
        <NavGroups groups={groups} onNavigate={onClose} idPrefix="sheet" />
      </Box>
    </Drawer>
  );
}
