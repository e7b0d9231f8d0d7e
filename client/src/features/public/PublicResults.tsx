import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PublicPatrimonio } from '@tombo/shared';
import { formatDate } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { COLUMN_LABELS } from '../patrimonios';
import { PAGE_SIZES } from '../patrimonios';
import { StatusChip } from '../patrimonios';
import { PUBLIC_SORT_KEYS, type PublicListState, type PublicSortKey } from './publicListState';

interface Props {
  rows: PublicPatrimonio[];
  total: number;
  state: PublicListState;
  loading: boolean;
  phone: boolean;
  filtered: boolean;
  /** Address of an asset's public detail (with the state that brings the visitor back to this search). */
  detailOf: (numero: string) => string;
  backState: { from: string };
  onChange: (patch: Partial<PublicListState>, resetPage?: boolean) => void;
}

const date = (v: string | null) => (v ? formatDate(v) : '—');

/** The public list: a sortable table on wide screens, cards under 768 px; both paged by the server. */
export function PublicResults({ rows, total, state, loading, phone, filtered, detailOf, backState, onChange }: Props) {
  const navigate = useNavigate();
  const empty = !loading && rows.length === 0;
  const sortBy = (key: PublicSortKey) =>
    onChange({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando bens" />}</Box>
      {phone && (
        <Box sx={{ px: 1.5, pt: 1 }}>
          <TextField
            select
            size="small"
            fullWidth
            id="consulta-ordem"
            label="Ordenar por"
            value={`${state.sort}:${state.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':');
              onChange({ sort: sort as PublicSortKey, order: order as 'asc' | 'desc' });
            }}
          >
            {PUBLIC_SORT_KEYS.flatMap((k) =>
              (['asc', 'desc'] as const).map((o) => (
                <MenuItem key={`${k}:${o}`} value={`${k}:${o}`}>
                  {COLUMN_LABELS[k]} ({o === 'asc' ? 'crescente' : 'decrescente'})
                </MenuItem>
              )),
            )}
          </TextField>
        </Box>
      )}
      {empty ? (
        <EmptyState
          title="Nenhum bem encontrado."
          description={filtered ? 'Tente outros termos de busca ou limpe os filtros.' : undefined}
        />
      ) : phone ? (
        <Stack component="ul" aria-label="Bens encontrados" spacing={1} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
          {rows.map((r) => (
            <Card key={r.numero_patrimonio} component="li" variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={detailOf(r.numero_patrimonio)}
                state={backState}
                aria-label={`Bem ${r.numero_patrimonio}: ${r.descricao_bem}`}
              >
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                      {r.numero_patrimonio}
                    </Typography>
                    <StatusChip status={r.status} />
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {r.descricao_bem}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                    {[r.tipo, r.setor_responsavel, r.local_objeto].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    Aquisição: {date(r.data_aquisicao)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Bens encontrados">
            <TableHead>
              <TableRow>
                {PUBLIC_SORT_KEYS.map((k) => (
                  <TableCell
                    key={k}
                    sortDirection={state.sort === k ? state.order : false}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <TableSortLabel
                      active={state.sort === k}
                      direction={state.sort === k ? state.order : 'asc'}
                      onClick={() => sortBy(k)}
                    >
                      {COLUMN_LABELS[k]}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const to = detailOf(r.numero_patrimonio);
                return (
                  <TableRow
                    key={r.numero_patrimonio}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => navigate(to, { state: backState })}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link
                        component={RouterLink}
                        to={to}
                        state={backState}
                        underline="hover"
                        aria-label={`Ver detalhes do bem ${r.numero_patrimonio}`}
                        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                        onClick={(e) => e.stopPropagation()}
                      >
                        {r.numero_patrimonio}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{r.descricao_bem}</TableCell>
                    <TableCell>{r.tipo ?? '—'}</TableCell>
                    <TableCell>{r.setor_responsavel}</TableCell>
                    <TableCell>{r.local_objeto ?? '—'}</TableCell>
                    <TableCell>
                      <StatusChip status={r.status} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(r.data_aquisicao)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(state.page - 1, Math.max(0, Math.ceil(total / state.pageSize) - 1))}
          onPageChange={(_e, p) => onChange({ page: p + 1 }, false)}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={phone ? [] : [...PAGE_SIZES]}
          onRowsPerPageChange={(e) => onChange({ pageSize: Number(e.target.value) })}
        />
      )}
    </Paper>
  );
}
