import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Customization } from '@tombo/shared';
import { AuthScreen } from '../auth';

const FRAMES = { desktop: { w: 1280, h: 800 }, phone: { w: 390, h: 780 } } as const;

/** The login screen as it will look, drawn from the unsaved form values, scaled into a frame. */
export function LoginPreview({ c, width }: { c: Customization; width: number }) {
  const [mode, setMode] = useState<'desktop' | 'phone'>('desktop');
  const frame = FRAMES[mode];
  const scale = Math.min(1, (mode === 'phone' ? Math.min(width, 300) : width) / frame.w);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="subtitle2" component="h2">
          Pré-visualização
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, v) => v && setMode(v)}
          aria-label="Tamanho da pré-visualização"
        >
          <ToggleButton value="desktop">Computador</ToggleButton>
          <ToggleButton value="phone">Celular</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        data-testid="login-preview"
        sx={{ width: frame.w * scale, height: frame.h * scale, overflow: 'hidden', mx: 'auto', borderRadius: 1 }}
      >
        {/* The transform makes this box the containing block of the screen's fixed background. */}
        <Box
          aria-hidden
          inert
          sx={{ width: frame.w, height: frame.h, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        >
          <AuthScreen customization={c} preview={mode}>
            <TextField label="E-mail" fullWidth margin="normal" size="small" />
            <TextField label="Senha" fullWidth margin="normal" size="small" />
            <Button
              fullWidth
              size="large"
              variant="contained"
              sx={{ mt: 3, bgcolor: c.primaryColor, color: c.buttonTextColor, '&:hover': { bgcolor: c.primaryColor } }}
            >
              Entrar
            </Button>
            <Divider sx={{ my: 3 }}>ou</Divider>
            <Button fullWidth variant="outlined">
              Consulta Pública de Patrimônio
            </Button>
          </AuthScreen>
        </Box>
      </Box>
    </Paper>
  );
}
