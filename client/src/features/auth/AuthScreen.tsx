import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { PRODUCT_NAME, footerText, type Customization } from '@tombo/shared';
import { optionalImageUrl } from '../../lib/images';
import { useCustomization } from '../customization';

function Background({ c }: { c: Customization }) {
  const image = c.backgroundType === 'image' ? optionalImageUrl(c.backgroundImageUrl) : null;
  const video = c.backgroundType === 'video' ? (optionalImageUrl(c.backgroundVideoUrl) ?? c.backgroundVideoUrl) : null;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 0,
        bgcolor: (t) => (t.palette.mode === 'dark' ? t.palette.background.default : c.backgroundColor),
        backgroundImage: image ? `url("${image}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      {video && (
        <video
          src={video}
          autoPlay
          muted={c.videoMuted}
          loop={c.videoLoop}
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}

export function Logos({ c, size = 64 }: { c: Customization; size?: number }) {
  const main = optionalImageUrl(c.activeLogoUrl);
  const secondary = optionalImageUrl(c.secondaryLogoUrl);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      {main ? (
        <Box component="img" src={main} alt="Logotipo" sx={{ height: size, maxWidth: 180, objectFit: 'contain' }} />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: size,
            height: size,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: c.primaryColor,
            color: c.buttonTextColor,
          }}
        >
          <AccountBalanceOutlined sx={{ fontSize: size * 0.6 }} />
        </Box>
      )}
      {secondary && (
        <Box
          component="img"
          src={secondary}
          alt="Logotipo secundário"
          sx={{ height: size, maxWidth: 180, objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}

function Welcome({ c, light }: { c: Customization; light?: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', color: light ? '#fff' : undefined }}>
      <Typography variant="h1" component="h1" sx={{ mt: 2 }}>
        {c.welcomeTitle || `Bem-vindo ao ${PRODUCT_NAME}`}
      </Typography>
      {c.welcomeSubtitle && (
        <Typography variant="body1" sx={{ mt: 1, opacity: 0.8 }}>
          {c.welcomeSubtitle}
        </Typography>
      )}
    </Box>
  );
}

interface Props {
  children: ReactNode;
  /** Heading of the card when it is not the login form (e.g. 'Esqueci minha senha'). */
  heading?: string;
  /** Settings to show instead of the stored ones (the customization screen's live preview). */
  customization?: Customization;
  /** A preview inside a frame: its own height, and the phone or desktop arrangement whatever the window. */
  preview?: 'desktop' | 'phone';
}

/**
 * Shared frame of the login, forgot-password and reset-password screens, driven by the
 * customization settings (spec §2.8): background, layout, logos, welcome texts, font, footer.
 */
export function AuthScreen({ children, heading, customization, preview }: Props) {
  const stored = useCustomization();
  const c = customization ?? stored;
  const outer = useTheme();
  const phoneWindow = useMediaQuery(outer.breakpoints.down('md'));
  const isPhone = preview ? preview === 'phone' : phoneWindow;
  const minHeight = preview ? '100%' : '100dvh';
  const theme = useMemo(
    () => (c.fontFamily ? createTheme(outer, { typography: { fontFamily: c.fontFamily } }) : outer),
    [outer, c.fontFamily],
  );
  const split = c.layout === 'split' && !isPhone;

  const card = (
    <Paper
      elevation={split ? 0 : 6}
      sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 3, position: 'relative' }}
    >
      {!split && (
        <Box sx={{ mb: 3 }}>
          <Logos c={c} />
          <Welcome c={c} />
        </Box>
      )}
      {heading && (
        <Typography variant="h2" component={split ? 'h1' : 'h2'} sx={{ mb: 2, textAlign: 'center' }}>
          {heading}
        </Typography>
      )}
      {children}
    </Paper>
  );

  const footer = c.loginFooterText && (
    <Typography
      component="footer"
      variant="caption"
      sx={{ display: 'block', textAlign: 'center', mt: 3, color: 'text.secondary', position: 'relative' }}
    >
      {footerText(c.loginFooterText)}
    </Typography>
  );

  const justify = c.layout === 'left' ? 'flex-start' : c.layout === 'right' ? 'flex-end' : 'center';

  return (
    <ThemeProvider theme={theme}>
      <Box
        component={preview ? 'div' : 'main'}
        sx={{
          minHeight,
          height: preview ? '100%' : undefined,
          position: 'relative',
          fontFamily: c.fontFamily || undefined,
        }}
      >
        <Background c={c} />
        {split ? (
          <Box sx={{ position: 'relative', display: 'grid', gridTemplateColumns: '1fr 1fr', minHeight }}>
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                p: 6,
                bgcolor: c.backgroundType === 'color' ? c.primaryColor : 'rgba(0,0,0,0.35)',
              }}
            >
              <Logos c={c} size={96} />
              <Welcome c={c} light />
            </Box>
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                p: 4,
                bgcolor: 'background.paper',
              }}
            >
              {card}
              {footer}
            </Box>
          </Box>
        ) : (
          <Box
            sx={{
              position: 'relative',
              minHeight,
              display: 'flex',
              flexDirection: 'column',
              alignItems: preview ? (isPhone ? 'center' : justify) : { xs: 'center', md: justify },
              justifyContent: 'center',
              px: { xs: 2, md: 8 },
              py: 4,
            }}
          >
            {card}
            <Box sx={{ width: '100%', maxWidth: 420 }}>{footer}</Box>
          </Box>
        )}
      </Box>
    </ThemeProvider>
  );
}
