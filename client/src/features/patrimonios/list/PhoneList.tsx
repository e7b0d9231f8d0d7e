import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, type PatrimonioListItem } from '@tombo/shared';
import { EmptyState } from '../../../components/EmptyState';
import { COLUMN_LABELS } from '../labels';
import { StatusChip } from '../StatusChip';
import type { ListState } from './urlState';

const PHONE_SORTS: Array<{ value: string; label: string }> = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'descricao_bem:asc', label: 'Descrição (A–Z)' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
  { value: 'valor_aquisicao:asc', label: 'Menor valor' },
  { value: 'data_aquisicao:desc', label: 'Aquisição mais recente' },
  { value: 'setor_responsavel:asc', label: 'Setor (A–Z)' },
];

/** Under 768 px the grid becomes a list of cards with the same server paging and sorting. */
export function PhoneList({
  rows,
  total,
  loading,
  state,
  onPage,
  onSort,
  onOpen,
}: {
  rows: PatrimonioListItem[];
  total: number;
  loading: boolean;
  state: ListState;
  onPage: (page: number) => void;
  onSort: (sort: ListState['sort'], order: 'asc' | 'desc') => void;
  onOpen: (id: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const current = `${state.sort}:${state.order}`;
  const options = PHONE_SORTS.some((o) => o.value === current)
    ? PHONE_SORTS
    : [
        ...PHONE_SORTS,
        {
          value: current,
          label: `${COLUMN_LABELS[state.sort] ?? state.sort} (${state.order === 'asc' ? 'crescente' : 'decrescente'})`,
        },
      ];
  return (
    <Box>
      <TextField
        select
        size="small"
        id="patrimonios-ordem"
        label="Ordenar por"
        value={current}
        fullWidth
        sx={{ mb: 1.5 }}
        onChange={(e) => {
          const [s, o] = e.target.value.split(':');
          onSort(s as ListState['sort'], o as 'asc' | 'desc');
        }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {!loading && rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title="Nenhum bem encontrado." />
        </Paper>
      ) : (
        <Stack spacing={1} component="ul" aria-label="Bens cadastrados" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Card key={r.id} variant="outlined" component="li">
              <CardActionArea
                onClick={() => onOpen(r.id)}
                aria-label={`Bem ${r.numero_patrimonio}: ${r.descricao_bem}`}
              >
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                      {r.numero_patrimonio}
                    </Typography>
                    <StatusChip status={r.status} />
                  </Stack>
                  <Typography
                    variant="body2"
                    sx={{
                      mt: 0.5,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                    }}
                  >
                    {r.descricao_bem}
                  </Typography>
                  <Stack direction="row" justifyContent="space-between" sx={{ mt: 0.5 }} spacing={1}>
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {r.setor_responsavel}
                      {r.local_objeto ? ` · ${r.local_objeto}` : ''}
                    </Typography>
                    <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {formatMoney(r.valor_aquisicao)}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={state.page}
            onChange={(_e, p) => onPage(p)}
            siblingCount={0}
            color="primary"
          />
        </Box>
      )}
    </Box>
  );
}
