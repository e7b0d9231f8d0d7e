import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@tombo/shared';
import { ActionChip, ChangesSummary, RecordLabel, authorOf, isLong, type EntriesProps } from './parts';

/** A row that arrived live is lit for a moment. */
export const FRESH_SX = {
  '@keyframes auditFresh': {
    from: { backgroundColor: 'rgba(37, 99, 235, 0.16)' },
    to: { backgroundColor: 'transparent' },
  },
  animation: 'auditFresh 4s ease-out',
} as const;

/** The log on a wide screen: every column, details wrapped (never cut), the full entry in the drawer. */
export function AuditTable({ logs, fresh, onOpen }: EntriesProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Registros de atividade" size="small" sx={{ tableLayout: 'fixed', minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 136 }}>Data</TableCell>
            <TableCell sx={{ width: '15%' }}>Usuário</TableCell>
            <TableCell sx={{ width: '18%' }}>Ação</TableCell>
            <TableCell sx={{ width: '17%' }}>Registro</TableCell>
            <TableCell>Alterações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {logs.map((log) => (
            <TableRow
              key={log.id}
              hover
              onClick={() => onOpen(log)}
              sx={{ cursor: 'pointer', verticalAlign: 'top', ...(fresh.has(log.id) ? FRESH_SX : {}) }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(log.createdAt)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{authorOf(log)}</TableCell>
              <TableCell>
                <ActionChip action={log.action} />
              </TableCell>
              <TableCell>
                <RecordLabel log={log} />
              </TableCell>
              <TableCell>
                <ChangesSummary log={log} onMore={() => onOpen(log)} />
                {isLong(log) && log.changes.length <= 3 && (
                  <Button
                    size="small"
                    sx={{ ml: -0.5, mt: 0.25, minWidth: 0 }}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(log);
                    }}
                  >
                    Ver tudo
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
