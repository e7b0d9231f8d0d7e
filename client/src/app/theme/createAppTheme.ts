import { createTheme, type Theme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';
import { DEFAULT_CUSTOMIZATION, MOBILE_BREAKPOINT, TOOLTIP_DELAY } from '@tombo/shared';

const HEX = /^#[0-9a-fA-F]{3,8}$/;

export function createAppTheme(mode: 'light' | 'dark', primaryColor: string): Theme {
  const primary = HEX.test(primaryColor) ? primaryColor : DEFAULT_CUSTOMIZATION.primaryColor;
  return createTheme(
    {
      breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT, lg: 1200, xl: 1536 } },
      palette: {
        mode,
        primary: { main: primary },
        ...(mode === 'light'
          ? { background: { default: '#f8fafc', paper: '#ffffff' } }
          : { background: { default: '#0b1220', paper: '#111827' } }),
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: 'Inter, Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '1.6rem', fontWeight: 700 },
        h2: { fontSize: '1.3rem', fontWeight: 600 },
        h3: { fontSize: '1.1rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_DELAY, enterNextDelay: 300, arrow: true } },
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: primary, outlineOffset: 2 },
            },
          },
        },
        MuiTableCell: {
          styleOverrides: {
            head: { fontWeight: 600 },
            root: ({ theme }) => ({ [theme.breakpoints.down('md')]: { paddingLeft: 8, paddingRight: 8 } }),
          },
        },
      },
    },
    ptBR,
  );
}
