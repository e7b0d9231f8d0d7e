import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import type { RegisterColumn } from './types';

/** 'Colunas': which columns the table shows (kept in this browser); the actions column is always shown. */
export function ColumnChooser<T>({
  columns,
  isShown,
  onToggle,
  onReset,
}: {
  columns: RegisterColumn<T>[];
  isShown: (c: RegisterColumn<T>) => boolean;
  onToggle: (field: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = columns.filter(isShown).length;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ViewColumnOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
      >
        Colunas
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 420 } }, list: { 'aria-label': 'Colunas da tabela', dense: true } }}
      >
        {columns.map((c) => {
          const on = isShown(c);
          return (
            <MenuItem
              key={c.field}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={on && shown === 1}
              onClick={() => onToggle(c.field, !on)}
            >
              <ListItemIcon>
                <Checkbox size="small" checked={on} tabIndex={-1} disableRipple sx={{ p: 0 }} />
              </ListItemIcon>
              <ListItemText primary={c.header} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={onReset}>Restaurar colunas padrão</MenuItem>
      </Menu>
    </>
  );
}
