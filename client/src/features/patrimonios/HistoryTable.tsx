import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, type HistoricoEntry } from '@tombo/shared';

/** The asset's movement history, newest first (the user column folds under the details on phones). */
export function HistoryTable({
  entries,
  title = 'Histórico de movimentação',
}: {
  entries: HistoricoEntry[];
  title?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Data</TableCell>
              <TableCell>Ação</TableCell>
              <TableCell>Detalhes</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Usuário</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((h) => (
              <TableRow key={h.id}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(h.date)}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{h.action}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {h.details}
                  <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {h.user ?? '—'}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, verticalAlign: 'top' }}>
                  {h.user ?? '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
