import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A labelled figure of a widget; long values wrap inside their card instead of overflowing it (390 px phones). */
export function Figure({
  label,
  value,
  alert,
  testId,
}: {
  label: string;
  value: ReactNode;
  alert?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography
        component="p"
        data-testid={testId}
        sx={{
          fontWeight: 700,
          fontSize: { xs: '1.2rem', sm: '1.5rem' },
          lineHeight: 1.25,
          color: alert ? 'error.main' : undefined,
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Figures two per row at any width (each cell may shrink below its content: minmax(0, 1fr)). */
export function Figures({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>{children}</Box>;
}
