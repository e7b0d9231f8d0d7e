import Chip from '@mui/material/Chip';
import { EMPRESTIMO_STATUS_LABELS, type EmprestimoStatus } from '@tombo/shared';

const COLOR = { aberto: 'info', atrasado: 'error', devolvido: 'success' } as const;

/** The loan's status as a chip: 'Em aberto', 'Atrasado' or 'Devolvido'. */
export function LoanStatusChip({ status }: { status: EmprestimoStatus }) {
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'devolvido' ? 'outlined' : 'filled'}
      label={EMPRESTIMO_STATUS_LABELS[status]}
    />
  );
}
