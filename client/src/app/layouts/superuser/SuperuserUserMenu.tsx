import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@tombo/shared';
import { RoleBadge } from '../../../components/RoleBadge';
import { UserAvatar } from '../../../components/UserAvatar';
import { useLogout } from '../../../features/auth';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/** Superuser avatar menu: name, 'Alterar Senha', the own two-step sign-in, 'Sair' (spec §2.6). */
export function SuperuserUserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`Menu do usuário ${user.name}`}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        sx={{ p: 0.5 }}
      >
        <UserAvatar name={user.name} avatarUrl={user.avatarUrl} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <RoleBadge role={user.role} />
          </Box>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialogOpen(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Alterar Senha</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/superuser/security');
          }}
        >
          <ListItemIcon>
            <SecurityOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Verificação em duas etapas</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sair</ListItemText>
        </MenuItem>
      </Menu>
      <ChangePasswordDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
