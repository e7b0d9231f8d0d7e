import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Check from '@mui/icons-material/Check';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import { usePreferences, type ThemeMode } from '../../../lib/preferences';
import { useResolvedThemeMode } from '../../theme/useResolvedThemeMode';

const OPTIONS: { mode: ThemeMode; label: string }[] = [
  { mode: 'light', label: 'Claro' },
  { mode: 'dark', label: 'Escuro' },
  { mode: 'system', label: 'Sistema' },
];

/** Claro / Escuro / Sistema (spec §2.4 Theme). */
export function ThemeMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mode = usePreferences((s) => s.themeMode);
  const setMode = usePreferences((s) => s.setThemeMode);
  const resolved = useResolvedThemeMode();
  return (
    <>
      <Tooltip title="Tema">
        <IconButton
          color="inherit"
          aria-label="Alterar tema"
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {resolved === 'dark' ? <DarkModeOutlined /> : <LightModeOutlined />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {OPTIONS.map((o) => (
          <MenuItem
            key={o.mode}
            selected={mode === o.mode}
            onClick={() => {
              setMode(o.mode);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              {o.mode === 'light' ? (
                <LightModeOutlined fontSize="small" />
              ) : o.mode === 'dark' ? (
                <DarkModeOutlined fontSize="small" />
              ) : (
                <SettingsBrightnessOutlined fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{o.label}</ListItemText>
            {mode === o.mode && <Check fontSize="small" sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
