import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Inputs in a titled section, two columns from md up. */
export function FormSection({
  title,
  id,
  columns,
  children,
}: {
  title: string;
  id?: string;
  columns?: number;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ mb: 3 }} aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <FormGrid columns={columns}>{children}</FormGrid>
    </Box>
  );
}

/** The form's grid: one column on phones, `columns` from md up. */
export function FormGrid({ columns = 2, children }: { columns?: number; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, 1fr)` } }}>
      {children}
    </Box>
  );
}

/** Spans every column of the grid. */
export const fullRow = { gridColumn: '1 / -1' } as const;
