import useMediaQuery from '@mui/material/useMediaQuery';
import { usePreferences } from '../../lib/preferences';

/** light | dark after resolving 'system' against prefers-color-scheme (reacts to changes). */
export function useResolvedThemeMode(): 'light' | 'dark' {
  const mode = usePreferences((s) => s.themeMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}
