import { Link as RouterLink } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/** 'Bens' | 'Imóveis' of the public search; the municipality (slug in the path or `?municipio=`) is kept. */
export function PublicTabs({
  value,
  slug,
  fixedSlug,
}: {
  value: 'bens' | 'imoveis';
  slug: string;
  fixedSlug?: string;
}) {
  const base = fixedSlug ? `/consulta-publica/${encodeURIComponent(fixedSlug)}` : '/consulta-publica';
  const sp = new URLSearchParams();
  if (!fixedSlug && slug) sp.set('municipio', slug);
  const bens = sp.toString();
  sp.set('aba', 'imoveis');
  return (
    <Tabs value={value} aria-label="O que consultar" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="bens" label="Bens" component={RouterLink} to={bens ? `${base}?${bens}` : base} />
      <Tab value="imoveis" label="Imóveis" component={RouterLink} to={`${base}?${sp.toString()}`} />
    </Tabs>
  );
}
