import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INVENTARIO_TIPO_LABELS, formatDate } from '@tombo/shared';
import { RowActions } from '../../components/RowActions';
import type { InventarioListProps } from './InventarioCards';
import { InventarioProgress, InventarioStatusChip } from './Progress';
import { scopeText } from './scopeText';
import { INVENTARIO_PAGE_SIZES } from './urlState';

const muted = { display: 'block', color: 'text.secondary' } as const;

/** The desktop list: one row per inventory with its progress, server paging. */
export function InventarioTable(p: InventarioListProps & { onPageSize: (size: number) => void }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Inventários" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Inventário</TableCell>
            <TableCell>Setor e abrangência</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Início</TableCell>
            <TableCell sx={{ width: 220 }}>Progresso</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {p.rows.map((inv) => {
            const open = inv.status === 'in_progress';
            return (
              <TableRow key={inv.id} hover data-testid={`inventario-${inv.id}`}>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Link
                    component={RouterLink}
                    to={p.canCount && open ? `/inventarios/${inv.id}` : `/inventarios/resumo/${inv.id}`}
                    sx={{ fontWeight: 700 }}
                  >
                    {inv.title}
                  </Link>
                  <Typography variant="caption" sx={muted}>
                    {INVENTARIO_TIPO_LABELS[inv.tipo]} · comissão: {inv.comissao.map((m) => m.name).join(', ')}
                  </Typography>
                </TableCell>
                <TableCell>
                  {inv.setor}
                  <Typography variant="caption" sx={muted}>
                    {scopeText(inv)}
                  </Typography>
                </TableCell>
                <TableCell>
                  {formatDate(inv.dataInicio)}
                  {inv.finalizedAt && (
                    <Typography variant="caption" sx={muted}>
                      fim {formatDate(inv.finalizedAt)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <InventarioProgress
                    dense
                    encontrados={inv.encontrados}
                    totalItens={inv.totalItens}
                    label={`Progresso do inventário ${inv.title}`}
                  />
                </TableCell>
                <TableCell>
                  <InventarioStatusChip status={inv.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {p.canCount && open && (
                    <Button size="small" variant="contained" component={RouterLink} to={`/inventarios/${inv.id}`}>
                      Contar
                    </Button>
                  )}
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/inventarios/resumo/${inv.id}`}
                    sx={{ ml: 1 }}
                    aria-label={`Resumo do inventário ${inv.title}`}
                  >
                    Resumo
                  </Button>
                  {p.canManage && open && (
                    <RowActions
                      label={`inventário ${inv.title}`}
                      onEdit={() => p.onEdit(inv)}
                      onDelete={() => p.onDelete(inv)}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={p.total}
        page={p.page - 1}
        rowsPerPage={p.pageSize}
        rowsPerPageOptions={[...INVENTARIO_PAGE_SIZES]}
        onPageChange={(_e, n) => p.onPage(n + 1)}
        onRowsPerPageChange={(e) => p.onPageSize(Number(e.target.value))}
        labelRowsPerPage="Linhas por página:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      />
    </TableContainer>
  );
}
