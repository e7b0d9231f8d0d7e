import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { INVENTARIO_STATUS_LABELS, formatInteger, type InventarioStatus } from '@tombo/shared';

/** Whole percent of found / total (0 for an empty inventory). */
export const percentOf = (found: number, total: number) => (total > 0 ? Math.floor((found * 100) / total) : 0);

/** Found / total as a bar with its numbers, announced to screen readers. */
export function InventarioProgress({
  encontrados,
  totalItens,
  label,
  dense,
}: {
  encontrados: number;
  totalItens: number;
  label: string;
  dense?: boolean;
}) {
  const pct = percentOf(encontrados, totalItens);
  const text = `${formatInteger(encontrados)} de ${formatInteger(totalItens)} (${pct}%)`;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={pct}
        aria-label={label}
        aria-valuetext={text}
        color={pct === 100 ? 'success' : 'primary'}
        sx={{ height: dense ? 6 : 10, borderRadius: 5 }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="progresso-texto">
        {text}
      </Typography>
    </Box>
  );
}

export function InventarioStatusChip({ status }: { status: InventarioStatus }) {
  return (
    <Chip
      size="small"
      label={INVENTARIO_STATUS_LABELS[status]}
      color={status === 'completed' ? 'success' : 'info'}
      variant={status === 'completed' ? 'filled' : 'outlined'}
    />
  );
}
