import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney, formatNumber, type DepreciacaoRelatorio } from '@tombo/shared';

/** A cell as the screen shows it (money and numbers pt-BR, dates dd/mm/aaaa). */
function shown(kind: string, v: unknown): string {
  if (v == null || v === '') return '—';
  if (kind === 'money') return formatMoney(String(v));
  if (kind === 'number') return formatNumber(Number(v));
  if (kind === 'date') return formatDate(String(v));
  return String(v);
}

/** The preview of a report: its rows and a line of totals (the same figures as the PDF and the XLSX). */
export function RelatorioTabela({ rel }: { rel: DepreciacaoRelatorio }) {
  const fechado = rel.ultimaFechada
    ? `Último mês fechado: ${rel.ultimaFechada.slice(5)}/${rel.ultimaFechada.slice(0, 4)}.`
    : 'Nenhum mês fechado: os valores seguem as regras de depreciação.';
  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {rel.titulo}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[rel.filtrosText, fechado].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={rel.titulo}>
          <TableHead>
            <TableRow>
              {rel.colunas.map((c) => (
                <TableCell key={c.key} align={c.kind === 'money' || c.kind === 'number' ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rel.linhas.length === 0 && (
              <TableRow>
                <TableCell colSpan={rel.colunas.length}>Nenhum valor para estes filtros.</TableCell>
              </TableRow>
            )}
            {rel.linhas.slice(0, 500).map((l, i) => (
              <TableRow key={i} hover>
                {rel.colunas.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.kind === 'money' || c.kind === 'number' ? 'right' : 'left'}
                    sx={{ whiteSpace: c.kind === 'money' ? 'nowrap' : undefined }}
                  >
                    {shown(c.kind, l[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              {rel.colunas.map((c, i) => (
                <TableCell
                  key={c.key}
                  align={c.kind === 'money' || c.kind === 'number' ? 'right' : 'left'}
                  sx={{ fontWeight: 'bold', color: 'text.primary', whiteSpace: 'nowrap' }}
                >
                  {i === 0 ? 'Total' : rel.totais[c.key] != null ? shown(c.kind, rel.totais[c.key]) : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
      {rel.linhas.length > 500 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          Mostrando 500 de {formatNumber(rel.linhas.length)} linhas; o PDF e o XLSX trazem todas.
        </Typography>
      )}
    </Paper>
  );
}
