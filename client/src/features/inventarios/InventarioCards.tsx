import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVENTARIO_TIPO_LABELS, formatDate, type InventarioListItem } from '@tombo/shared';
import { RowActions } from '../../components/RowActions';
import { InventarioProgress, InventarioStatusChip } from './Progress';
import { scopeText } from './scopeText';

/** What both layouts of the list get (cards on phones, a table on desktops). */
export interface InventarioListProps {
  rows: InventarioListItem[];
  total: number;
  page: number;
  pageSize: number;
  canCount: boolean;
  canManage: boolean;
  onPage: (page: number) => void;
  onEdit: (inv: InventarioListItem) => void;
  onDelete: (inv: InventarioListItem) => void;
}

/** Under 768 px the list is a stack of cards with the same server paging. */
export function InventarioCards(p: InventarioListProps) {
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  return (
    <Box>
      <Stack spacing={1} component="ul" aria-label="Inventários" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {p.rows.map((inv) => {
          const open = inv.status === 'in_progress';
          return (
            <Card key={inv.id} variant="outlined" component="li" data-testid={`inventario-${inv.id}`}>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, minWidth: 0 }}>
                    {inv.title}
                  </Typography>
                  <InventarioStatusChip status={inv.status} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {INVENTARIO_TIPO_LABELS[inv.tipo]} · {inv.setor}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {scopeText(inv)} · início {formatDate(inv.dataInicio)}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <InventarioProgress
                    encontrados={inv.encontrados}
                    totalItens={inv.totalItens}
                    label={`Progresso do inventário ${inv.title}`}
                  />
                </Box>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }} alignItems="center">
                  {p.canCount && open && (
                    <Button size="small" variant="contained" component={RouterLink} to={`/inventarios/${inv.id}`}>
                      Contar
                    </Button>
                  )}
                  <Button size="small" variant="outlined" component={RouterLink} to={`/inventarios/resumo/${inv.id}`}>
                    Resumo
                  </Button>
                  <Box sx={{ flex: 1 }} />
                  {p.canManage && open && (
                    <RowActions
                      label={`inventário ${inv.title}`}
                      onEdit={() => p.onEdit(inv)}
                      onDelete={() => p.onDelete(inv)}
                    />
                  )}
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={p.page} onChange={(_e, n) => p.onPage(n)} siblingCount={0} color="primary" />
        </Box>
      )}
    </Box>
  );
}
