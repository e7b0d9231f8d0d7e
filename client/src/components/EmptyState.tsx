import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

interface Props {
  /** What the user sees instead of data ('Nenhum bem encontrado'): every use says it, no default. */
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, description, icon, action, compact }: Props) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        py: compact ? 2 : 6,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box sx={{ fontSize: compact ? 36 : 48, lineHeight: 0, opacity: 0.6 }} aria-hidden>
        {icon ?? <InboxOutlined fontSize="inherit" />}
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {title}
      </Typography>
      {description && <Typography variant="body2">{description}</Typography>}
      {action}
    </Box>
  );
}
