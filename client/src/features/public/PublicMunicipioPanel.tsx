import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Download from '@mui/icons-material/Download';
import MenuBook from '@mui/icons-material/MenuBook';
import { DADOS_ABERTOS_CAMPOS, formatNumber } from '@tombo/shared';
import { usePublicPagina } from './queries';

/**
 * Top of /consulta-publica/:id (id or slug): the municipality's branding, its totals by type and sector,
 * and its open data (CSV, JSON, data dictionary; LAI art. 8). Phone first: one column, and on a phone the
 * totals and open data fold behind one button so the search (below) stays in the first screen.
 */
export function PublicMunicipioPanel({ refParam }: { refParam: string }) {
  const { data } = usePublicPagina(refParam);
  const [dicOpen, setDicOpen] = useState(false);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [moreOpen, setMoreOpen] = useState(false);
  if (!data) return null; // the list below shows loading and problems (404 off, unknown)
  const { municipio, branding, totais, dadosAbertos } = data;
  const color = branding.primaryColor || undefined;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2, borderTop: color ? `4px solid ${color}` : undefined }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {branding.logoUrl && (
          <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 48, maxWidth: 96, objectFit: 'contain' }} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
            {branding.prefeituraName || `Prefeitura de ${municipio.name}`}
            {municipio.uf ? ` — ${municipio.uf}` : ''}
          </Typography>
          {branding.secretariaResponsavel && (
            <Typography variant="body2" color="text.secondary">
              {branding.secretariaResponsavel}
            </Typography>
          )}
        </Box>
      </Stack>
      <Typography sx={{ mt: 1.5 }}>
        <strong>{formatNumber(totais.bens)}</strong> bens e <strong>{formatNumber(totais.imoveis)}</strong> imóveis no
        patrimônio público.
      </Typography>
      {phone && (
        <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => setMoreOpen((o) => !o)} aria-expanded={moreOpen}>
          {moreOpen ? 'Ocultar totais e dados abertos' : 'Ver totais e dados abertos'}
        </Button>
      )}
      <Collapse in={!phone || moreOpen}>
        {[
          ['Por tipo', totais.porTipo],
          ['Por setor', totais.porSetor],
        ].map(([label, rows]) =>
          (rows as typeof totais.porTipo).length ? (
            <Box key={label as string} sx={{ mt: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {label as string}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
                {(rows as typeof totais.porTipo).slice(0, 8).map((r) => (
                  <Chip key={r.nome} size="small" label={`${r.nome}: ${formatNumber(r.total)}`} />
                ))}
              </Stack>
            </Box>
          ) : null,
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" startIcon={<Download />} href={dadosAbertos.csv} download>
            Dados abertos (CSV)
          </Button>
          <Button variant="outlined" startIcon={<Download />} href={dadosAbertos.json} download>
            Dados abertos (JSON)
          </Button>
          <Button startIcon={<MenuBook />} onClick={() => setDicOpen((o) => !o)} aria-expanded={dicOpen}>
            Dicionário de dados
          </Button>
        </Stack>
        <Collapse in={dicOpen}>
          <Box component="dl" sx={{ mt: 1.5, mb: 0 }}>
            {DADOS_ABERTOS_CAMPOS.map((c) => (
              <Box key={c.campo} sx={{ mb: 0.75 }}>
                <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {c.campo} <span style={{ fontWeight: 400 }}>({c.tipo})</span>
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                  {c.descricao}
                </Typography>
              </Box>
            ))}
            <Typography variant="caption" color="text.secondary">
              Somente campos públicos (Lei de Acesso à Informação, art. 8º). CSV em UTF-8, separado por ponto e vírgula.
            </Typography>
          </Box>
        </Collapse>
      </Collapse>
    </Paper>
  );
}
