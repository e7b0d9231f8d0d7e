import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useCustomization } from '../../features/customization';
import { createAppTheme } from '../theme/createAppTheme';
import { useResolvedThemeMode } from '../theme/useResolvedThemeMode';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useResolvedThemeMode();
  const { primaryColor } = useCustomization();
  const theme = useMemo(() => createAppTheme(mode, primaryColor), [mode, primaryColor]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
