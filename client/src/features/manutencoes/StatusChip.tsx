import Chip from '@mui/material/Chip';
import { STATUS_MANUTENCAO_LABELS, type StatusManutencaoExibido } from '@tombo/shared';

const COLOR: Record<StatusManutencaoExibido, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pendente: 'warning',
  em_andamento: 'info',
  concluida: 'success',
  cancelada: 'default',
  atrasada: 'error',
};

/** A task's status ('Atrasada' in red). */
export function StatusChip({ status }: { status: StatusManutencaoExibido }) {
  return <Chip size="small" color={COLOR[status]} label={STATUS_MANUTENCAO_LABELS[status]} variant="outlined" />;
}

export const statusColor = (s: StatusManutencaoExibido) => COLOR[s];
