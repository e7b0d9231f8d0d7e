import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@tombo/shared';
import { useCustomization } from '../../../features/customization';
import { VERSION_LABEL } from '../../../features/version';

export function AppFooter() {
  const { systemFooterText } = useCustomization();
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        color: 'text.secondary',
      }}
    >
      <Typography variant="caption">
        {systemFooterText || `${PRODUCT_NAME} · Sistema de Gestão de Patrimônio`}
      </Typography>
      <Typography variant="caption" data-testid="app-version">
        {VERSION_LABEL}
      </Typography>
    </Box>
  );
}
