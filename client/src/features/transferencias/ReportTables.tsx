import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, type TransferCounts } from '@tombo/shared';

const COLUMNS: Array<{ key: keyof TransferCounts; label: string; short: string }> = [
  { key: 'transferencias', label: 'Transferências', short: 'Transf.' },
  { key: 'doacoes', label: 'Doações', short: 'Doações' },
  { key: 'pendentes', label: 'Pendentes', short: 'Pend.' },
  { key: 'aprovadas', label: 'Aprovadas', short: 'Aprov.' },
  { key: 'rejeitadas', label: 'Rejeitadas', short: 'Rejeit.' },
  { key: 'total', label: 'Total', short: 'Total' },
];

/** The six totals of the filtered requests as cards (two, three or six per row by width). */
export function TotalsCards({ counts }: { counts: TransferCounts }) {
  const order: Array<keyof TransferCounts> = [
    'total',
    'transferencias',
    'doacoes',
    'pendentes',
    'aprovadas',
    'rejeitadas',
  ];
  return (
    <Box
      component="ul"
      aria-label="Totais"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
      }}
    >
      {order.map((k) => (
        <Paper key={k} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {COLUMNS.find((c) => c.key === k)!.label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(counts[k])}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

interface Row {
  key: string;
  name: string;
  c: TransferCounts;
}

/** Counts by sector or by month, with a totals row; short headers keep it readable on phones. */
export function CountsTable({
  label,
  first,
  rows,
  totals,
}: {
  label: string;
  first: string;
  rows: Row[];
  totals: TransferCounts;
}) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhuma solicitação.
      </Typography>
    );
  const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', px: { xs: 0.75, sm: 2 } } };
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>{first}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.key} {...num} title={c.label}>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {c.label}
                </Box>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {c.short}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} hover>
              <TableCell sx={{ px: { xs: 0.75, sm: 2 }, wordBreak: 'break-word' }}>{r.name}</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} {...num}>
                  {formatNumber(r.c[c.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell sx={{ px: { xs: 0.75, sm: 2 }, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
              Total
            </TableCell>
            {COLUMNS.map((c) => (
              <TableCell
                key={c.key}
                {...num}
                sx={{ ...num.sx, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
              >
                {formatNumber(totals[c.key])}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
