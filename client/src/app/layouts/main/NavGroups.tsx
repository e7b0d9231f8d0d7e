import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { isMenuItemActive, type MenuGroup } from '@tombo/shared';
import { FALLBACK_ICONS, GROUP_ICONS } from '../shared/menuIcons';

function activeGroupId(groups: MenuGroup[], pathname: string): string | null {
  return groups.find((g) => g.items.some((item) => isMenuItemActive(item, pathname)))?.id ?? null;
}

interface Props {
  groups: MenuGroup[];
  /** Icons only (52 px sidebar); clicking a group asks to expand. */
  collapsed?: boolean;
  onExpandRequest?: () => void;
  onNavigate?: () => void;
  idPrefix: string;
}

/**
 * The role's menu groups, collapsible, with only one group open at a time (spec §2.4).
 * The group of the current page opens when the page changes.
 */
export function NavGroups({ groups, collapsed, onExpandRequest, onNavigate, idPrefix }: Props) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(() => activeGroupId(groups, pathname));
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const active = activeGroupId(groups, pathname);
    if (active) setOpen(active);
  }

  return (
    <List component="div" disablePadding sx={{ py: 1 }}>
      {groups.map((group) => {
        const isOpen = open === group.id && !collapsed;
        const containsActive = group.items.some((item) => isMenuItemActive(item, pathname));
        const regionId = `${idPrefix}-group-${group.id}`;
        const header = (
          <ListItemButton
            onClick={() => {
              if (collapsed) {
                setOpen(group.id);
                onExpandRequest?.();
                return;
              }
              setOpen(isOpen ? null : group.id);
            }}
            aria-expanded={isOpen}
            aria-controls={regionId}
            aria-label={collapsed ? group.label : undefined}
            sx={{
              minHeight: 44,
              px: collapsed ? 1.75 : 2,
              color: containsActive ? 'primary.main' : 'text.primary',
            }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
              {GROUP_ICONS[group.id] ?? FALLBACK_ICONS.tree}
            </ListItemIcon>
            {!collapsed && (
              <>
                <ListItemText
                  primary={group.label}
                  slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14 } } }}
                />
                {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </>
            )}
          </ListItemButton>
        );
        return (
          <div key={group.id}>
            {collapsed ? (
              <Tooltip title={group.label} placement="right">
                {header}
              </Tooltip>
            ) : (
              header
            )}
            {!collapsed && (
              <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <List component="div" disablePadding id={regionId} aria-label={group.label}>
                  {group.items.map((item) => {
                    const active = isMenuItemActive(item, pathname);
                    return (
                      <ListItemButton
                        key={item.path}
                        component={RouterLink}
                        to={item.path}
                        selected={active}
                        aria-current={active ? 'page' : undefined}
                        onClick={onNavigate}
                        sx={{
                          pl: 7,
                          minHeight: 38,
                          '&.Mui-selected': { color: 'primary.main', fontWeight: 600 },
                        }}
                      >
                        <ListItemText
                          primary={item.label}
                          slotProps={{ primary: { sx: { fontSize: 14, fontWeight: 'inherit' } } }}
                        />
                      </ListItemButton>
                    );
                  })}
                </List>
              </Collapse>
            )}
          </div>
        );
      })}
    </List>
  );
}
