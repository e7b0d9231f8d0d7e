import { useMemo, useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PageProps } from '../../lib/feature';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { MANUAL, searchManual, type ManualDoc, type ManualSection } from './manual';

const markdownSx = {
  '& p, & li': { lineHeight: 1.65 },
  '& code': { fontFamily: 'monospace', fontSize: '0.9em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' },
  '& h2': { mt: 3, mb: 1, fontSize: '1.2rem' },
  '& ul, & ol': { pl: 3 },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { border: 1, borderColor: 'divider', p: 0.75 },
} as const;

function Section({ section, prefix }: { section: ManualSection; prefix?: string }) {
  return (
    <Box component="section" id={section.id} sx={{ scrollMarginTop: 80 }}>
      <Typography variant="h2" component="h2" sx={{ mt: 3, mb: 1, fontSize: '1.2rem' }}>
        {prefix && (
          <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
            {prefix} ›{' '}
          </Typography>
        )}
        {section.heading}
      </Typography>
      <Markdown remarkPlugins={[remarkGfm]}>{section.markdown}</Markdown>
    </Box>
  );
}

/** /superuser/documentation: the product's user manual (docs/manual), with a search over its sections. */
export default function DocumentationPage({ title }: PageProps) {
  const [slug, setSlug] = useState(MANUAL[0]?.slug ?? '');
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchManual(query), [query]);
  const doc: ManualDoc | undefined = MANUAL.find((d) => d.slug === slug) ?? MANUAL[0];
  const open = (d: ManualDoc, sectionId?: string) => {
    setQuery('');
    setSlug(d.slug);
    requestAnimationFrame(() =>
      (sectionId ? document.getElementById(sectionId) : document.getElementById('manual-top'))?.scrollIntoView({
        behavior: 'smooth',
      }),
    );
  };

  return (
    <>
      <PageHeader title={title} subtitle="Manual do usuário do sistema, por área." />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
          <Box sx={{ p: 1.5 }}>
            <SearchField
              id="manual-busca"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              label="Buscar no manual"
              placeholder="Ex.: senha, etiqueta"
              fullWidth
            />
          </Box>
          <List
            dense
            aria-label="Capítulos do manual"
            sx={{ maxHeight: { md: 'calc(100dvh - 260px)' }, overflow: 'auto' }}
          >
            <ListSubheader disableSticky>Capítulos</ListSubheader>
            {MANUAL.map((d) => (
              <ListItemButton key={d.slug} selected={!query && d.slug === doc?.slug} onClick={() => open(d)}>
                <ListItemText primary={d.title} secondary={`${d.sections.length} seções`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, minWidth: 0, ...markdownSx }}>
          {query.trim() ? (
            <Box aria-live="polite">
              <Typography variant="h1" component="h2" sx={{ fontSize: '1.4rem' }}>
                {hits.length
                  ? `${hits.length} ${hits.length === 1 ? 'seção encontrada' : 'seções encontradas'} para “${query.trim()}”`
                  : `Nada encontrado para “${query.trim()}”.`}
              </Typography>
              {hits.map(({ doc: d, section }) => (
                <Box key={section.id}>
                  <Section section={section} prefix={d.title} />
                  <Typography
                    component="button"
                    type="button"
                    onClick={() => open(d, section.id)}
                    sx={{ border: 0, p: 0, bgcolor: 'transparent', color: 'primary.main', cursor: 'pointer' }}
                  >
                    Abrir o capítulo “{d.title}”
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : doc ? (
            <Box component="article" id="manual-top" aria-labelledby="manual-title" sx={{ scrollMarginTop: 80 }}>
              <Typography variant="h1" component="h2" id="manual-title" sx={{ fontSize: '1.6rem', mb: 1 }}>
                {doc.title}
              </Typography>
              {doc.intro && <Markdown remarkPlugins={[remarkGfm]}>{doc.intro}</Markdown>}
              <Box
                component="nav"
                aria-label="Seções do capítulo"
                sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}
              >
                {doc.sections.map((s) => (
                  <Typography
                    key={s.id}
                    component="a"
                    href={`#${s.id}`}
                    variant="body2"
                    onClick={(e: React.MouseEvent) => {
                      e.preventDefault();
                      document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth' });
                    }}
                    sx={{ color: 'primary.main' }}
                  >
                    {s.heading}
                  </Typography>
                ))}
              </Box>
              {doc.sections.map((s) => (
                <Section key={s.id} section={s} />
              ))}
            </Box>
          ) : (
            <Typography>Nenhum capítulo encontrado.</Typography>
          )}
        </Paper>
      </Box>
    </>
  );
}
