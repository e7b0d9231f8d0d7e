import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One line of a record's view: its label and what is stored. */
export type Fact = [label: string, value: ReactNode];

const list = {
  m: 0,
  p: 2,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
  columnGap: 2,
  rowGap: { xs: 0.25, sm: 1 },
} as const;

/** A record's data as a definition list under a heading ("Dados do bem"). */
export function RecordFacts({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      <Box component="dl" sx={list}>
        {facts.map(([k, v], i) => (
          <Box key={`${i}:${k}`} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The record's number, set apart (tabular figures, bold). */
export function RecordNumber({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Box>
  );
}

/** The view's body: the facts on the left, the side panels (photos, documents, QR…) on the right. */
export function RecordViewLayout({ facts, side }: { facts: ReactNode; side: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      {facts}
      <Box sx={{ display: 'grid', gap: 2 }}>{side}</Box>
    </Box>
  );
}
