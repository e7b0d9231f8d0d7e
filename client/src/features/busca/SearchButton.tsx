import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Search from '@mui/icons-material/Search';
import { BUSCA_MSG } from '@tombo/shared';

const SearchDialog = lazy(() => import('./SearchDialog'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const SHORTCUT = isMac ? '⌘K' : 'Ctrl+K';

/** Ctrl+K (Cmd+K on a Mac) opens or closes the panel from anywhere, even from a text field. */
function useShortcut(toggle: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault(); // the browser's own Ctrl+K (address bar search)
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}

/** The header's search entry: a search-box-like button on a desktop, an icon on a phone. */
export function SearchButton({ mobile }: { mobile: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [toggle] = useState(() => () => {
    setLoaded(true);
    setOpen((o) => !o);
  });
  useShortcut(toggle);
  const label = `${BUSCA_MSG.button} (${SHORTCUT})`;
  const common = {
    onClick: toggle,
    'aria-label': label,
    'aria-haspopup': 'dialog' as const,
    'aria-keyshortcuts': 'Control+K Meta+K',
  };
  return (
    <>
      {mobile ? (
        <IconButton {...common}>
          <Search />
        </IconButton>
      ) : (
        <Tooltip title={label}>
          <ButtonBase
            {...common}
            sx={{
              gap: 1,
              px: 1.5,
              height: 38,
              width: { md: 200, lg: 260 },
              justifyContent: 'flex-start',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              color: 'text.secondary',
              bgcolor: 'action.hover',
              flexShrink: 0,
              '&:hover': { borderColor: 'text.secondary' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            <Search fontSize="small" />
            <Box component="span" sx={{ flex: 1, textAlign: 'left', fontSize: 14 }}>
              {BUSCA_MSG.button}…
            </Box>
            <Box
              component="kbd"
              aria-hidden
              sx={{ fontFamily: 'inherit', fontSize: 12, px: 0.75, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              {SHORTCUT}
            </Box>
          </ButtonBase>
        </Tooltip>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} mobile={mobile} />
        </Suspense>
      )}
    </>
  );
}
