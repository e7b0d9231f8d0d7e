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
import type { ImovelListItem } from '@tombo/shared';
import { EmptyState } from '../../../components/EmptyState';
import { formatArea } from '../format';
import { IMOVEL_LABELS } from '../labels';
import { SituacaoChip } from '../SituacaoChip';
import type { ListState } from './urlState';

const PHONE_SORTS: Array<{ value: string; label: string }> = [
  { value: 'createdAt:desc', label: 'Mais recentes' },
  { value: 'numero_patrimonio:asc', label: 'Número (crescente)' },
  { value: 'numero_patrimonio:desc', label: 'Número (decrescente)' },
  { value: 'denominacao:asc', label: 'Denominação (A–Z)' },
  { value: 'bairro:asc', label: 'Bairro (A–Z)' },
  { value: 'area_construida:desc', label: 'Maior área construída' },
  { value: 'valor_aquisicao:desc', label: 'Maior valor' },
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
  rows: ImovelListItem[];
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
          label: `${IMOVEL_LABELS[state.sort] ?? state.sort} (${state.order === 'asc' ? 'crescente' : 'decrescente'})`,
        },
      ];
  return (
    <Box>
      <TextField
        select
        size="small"
        id="imoveis-ordem"
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
          <EmptyState title="Nenhum imóvel encontrado." />
        </Paper>
      ) : (
        <Stack spacing={1} component="ul" aria-label="Imóveis cadastrados" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Card key={r.id} variant="outlined" component="li">
              <CardActionArea
                onClick={() => onOpen(r.id)}
                aria-label={`Imóvel ${r.numero_patrimonio}: ${r.denominacao}`}
              >
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                    <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                      {r.numero_patrimonio}
                    </Typography>
                    <SituacaoChip situacao={r.situacao} />
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }}>
                    {r.denominacao}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" noWrap>
                    {r.endereco}
                    {r.bairro ? ` · ${r.bairro}` : ''}
                  </Typography>
                  <Stack direction="row" justifyContent="space-between" sx={{ mt: 0.5 }} spacing={1}>
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {[r.utilizacao, r.setor_responsavel].filter(Boolean).join(' · ') || '—'}
                    </Typography>
                    {r.area_construida && (
                      <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {formatArea(r.area_construida)}
                      </Typography>
                    )}
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
