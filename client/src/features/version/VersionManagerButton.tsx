import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { VERSION_MSG } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { VERSION_LABEL } from './build';
import { VersionPanel, useVersionInfo } from './VersionPanel';

/**
 * Spec §2.7: the floating 'v{version}' button (bottom right; a pulsing dot when an update is known)
 * opening the side panel 'Gerenciador de Versão'. Superuser and admin only.
 */
export function VersionManagerButton({ bottomOffset = 0 }: { bottomOffset?: number }) {
  const role = useSession((s) => s.user?.role);
  const allowed = role === 'superuser' || role === 'admin';
  const [open, setOpen] = useState(false);
  const { data } = useVersionInfo(allowed);
  if (!allowed) return null;
  const version = data ? `v${data.version}` : VERSION_LABEL;
  return (
    <>
      <Fab
        variant="extended"
        size="small"
        color="default"
        aria-label={`${VERSION_MSG.title}: ${version}`}
        onClick={() => setOpen(true)}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16 + bottomOffset,
          zIndex: (t) => t.zIndex.speedDial,
          textTransform: 'none',
        }}
      >
        <Badge
          color="warning"
          variant="dot"
          invisible={!data?.latest}
          sx={{
            '& .MuiBadge-dot': {
              animation: 'tombo-pulse 1.6s ease-in-out infinite',
              '@keyframes tombo-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } },
            },
          }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600, px: 0.5 }}>
            {version}
          </Typography>
        </Badge>
      </Fab>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Above the app bar (which sits over the clipped sidebar, at drawer + 1).
        sx={{ zIndex: (t) => t.zIndex.modal }}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
      >
        <Box sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">
              {VERSION_MSG.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {VERSION_MSG.subtitle}
            </Typography>
          </Box>
          <IconButton aria-label="Fechar" onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 3 }}>{open && <VersionPanel />}</Box>
      </Drawer>
    </>
  );
}
