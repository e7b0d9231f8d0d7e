import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { HEADER_DEFAULTS, type Customization } from '@tombo/shared';
import { optionalImageUrl } from '../../lib/images';

/** The main header as the unsaved values will make it look (logo, the three names, subtitle, colour). */
export function HeaderPreview({
  c,
}: {
  c: Pick<
    Customization,
    'activeLogoUrl' | 'prefeituraName' | 'secretariaResponsavel' | 'departamentoResponsavel' | 'primaryColor'
  >;
}) {
  const logo = optionalImageUrl(c.activeLogoUrl);
  const color = /^#[0-9a-fA-F]{3,8}$/.test(c.primaryColor) ? c.primaryColor : '#2563eb';
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} aria-label="Pré-visualização do cabeçalho">
      <Typography variant="caption" color="text.secondary">
        Pré-visualização do cabeçalho
      </Typography>
      <Box
        data-testid="header-preview"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, pb: 1, borderBottom: 3, borderColor: color }}
      >
        {logo ? (
          <Box component="img" src={logo} alt="Logotipo" sx={{ height: 48, maxWidth: 120, objectFit: 'contain' }} />
        ) : (
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              bgcolor: color,
              color: '#fff',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <AccountBalanceOutlined />
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap>
            {c.prefeituraName || HEADER_DEFAULTS.prefeituraName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {c.secretariaResponsavel || HEADER_DEFAULTS.secretariaResponsavel}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {c.departamentoResponsavel || HEADER_DEFAULTS.departamentoResponsavel} · {HEADER_DEFAULTS.subtitle}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}
