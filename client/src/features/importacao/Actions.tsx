import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A step's buttons, at its end on the right (wrapping on phones). */
export function Actions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>{children}</Box>;
}
