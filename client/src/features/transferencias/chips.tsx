import Chip from '@mui/material/Chip';
import { TRANSFER_STATUS_LABELS, TRANSFER_TYPE_LABELS, type TransferStatus, type TransferType } from '@tombo/shared';

const STATUS_COLOR: Record<TransferStatus, 'warning' | 'success' | 'error'> = {
  pendente: 'warning',
  aprovada: 'success',
  rejeitada: 'error',
};

/** A request's status: pendente (amber), aprovada (green), rejeitada (red). */
export function TransferStatusChip({ status }: { status: TransferStatus }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'pendente' ? 'filled' : 'outlined'}
      label={TRANSFER_STATUS_LABELS[status]}
    />
  );
}

/** Transferência or Doação. */
export function TransferTypeChip({ type }: { type: TransferType }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'doacao' ? 'secondary' : 'primary'}
      label={TRANSFER_TYPE_LABELS[type]}
    />
  );
}
