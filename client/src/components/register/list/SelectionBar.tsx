import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCount, formatInteger, pluralWord } from '@tombo/shared';

/** Above the table while rows are ticked: how many, 'all filtered' instead, and the bulk actions. */
export function SelectionBar({
  count,
  allFiltered,
  total,
  noun,
  feminine = false,
  onAllFiltered,
  onClear,
  children,
}: {
  count: number;
  allFiltered: boolean;
  total: number;
  /** 'bem' / 'bens'. */
  noun: [string, string];
  /** The noun is feminine ('solicitação'): "Todas as 3 solicitações", "selecionadas". */
  feminine?: boolean;
  /** Offered when the filters match more than the ticked rows; absent when the register has no such action. */
  onAllFiltered?: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const n = allFiltered ? total : count;
  const what = formatCount(n, noun[0], noun[1]);
  const all = feminine ? 'Todas as' : 'Todos os';
  const ticked = pluralWord(n, feminine ? 'selecionada' : 'selecionado', feminine ? 'selecionadas' : 'selecionados');
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Seleção"
      sx={{ p: 1, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', bgcolor: 'action.hover' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, px: 1 }} data-testid="selecao-contagem">
        {allFiltered ? `${all} ${what} dos filtros` : `${what} ${ticked}`}
      </Typography>
      {!allFiltered && onAllFiltered && total > count && (
        <Button size="small" onClick={onAllFiltered}>
          Selecionar {all.toLowerCase()} {formatInteger(total)} dos filtros
        </Button>
      )}
      <Button size="small" color="inherit" onClick={onClear}>
        Limpar seleção
      </Button>
      <span style={{ flex: 1 }} />
      {children}
    </Paper>
  );
}
