import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { ROLE_LABELS, type SessionUser } from '@tombo/shared';
import { usePreferences } from '../../../lib/preferences';
import { useCanOpen } from '../../../lib/permissions';
import { RoleBadge } from '../../../components/RoleBadge';
import { UserAvatar } from '../../../components/UserAvatar';
import { useLogout } from '../../../features/auth';
import { useResolvedThemeMode } from '../../theme/useResolvedThemeMode';

const SETTINGS_PATH = '/configuracoes/personalizacao';

/**
 * Header user menu (spec §2.4): avatar, name, e-mail (role text on phones), role badge,
 * 'Perfil', 'Configurações' (when the user may open it), 'Tema' (light ↔ dark; a switch on phones) and 'Sair'.
 */
export function UserMenu({ user, mobile }: { user: SessionUser; mobile: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const resolved = useResolvedThemeMode();
  const setMode = usePreferences((s) => s.setThemeMode);
  const canOpen = useCanOpen();
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const toggleTheme = () => setMode(resolved === 'dark' ? 'light' : 'dark');

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
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar name={user.name} avatarUrl={user.avatarUrl} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {mobile ? ROLE_LABELS[user.role] : user.email}
            </Typography>
            {!mobile && (
              <Box sx={{ mt: 0.5 }}>
                <RoleBadge role={user.role} />
              </Box>
            )}
          </Box>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/perfil')}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>Perfil</ListItemText>
        </MenuItem>
        {canOpen(SETTINGS_PATH) && (
          <MenuItem onClick={() => go(SETTINGS_PATH)}>
            <ListItemIcon>
              <SettingsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Configurações</ListItemText>
          </MenuItem>
        )}
        {mobile ? (
          <MenuItem onClick={toggleTheme} role="menuitemcheckbox" aria-checked={resolved === 'dark'}>
            <ListItemIcon>
              <DarkModeOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Tema escuro</ListItemText>
            <Switch
              edge="end"
              size="small"
              checked={resolved === 'dark'}
              tabIndex={-1}
              slotProps={{ input: { 'aria-hidden': true } }}
            />
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              toggleTheme();
              close();
            }}
          >
            <ListItemIcon>
              <DarkModeOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText secondary={resolved === 'dark' ? 'Escuro' : 'Claro'}>Tema</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sair</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
