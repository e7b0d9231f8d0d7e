import Chip from '@mui/material/Chip';
import type { PatrimonioStatus } from '@tombo/shared';
import { STATUS_COLOR, statusLabel } from './labels';

export function StatusChip({ status }: { status: PatrimonioStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'baixado' ? 'outlined' : 'filled'}
      color={STATUS_COLOR[status] ?? 'default'}
      label={statusLabel(status)}
    />
  );
}
