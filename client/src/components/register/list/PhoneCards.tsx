import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../EmptyState';
import type { PhoneCard, PhoneSort } from './types';

/**
 * Under 768 px a register's grid becomes a list of cards with the same server paging and sorting:
 * the sort as a select ("column:order"), the cards, the pagination.
 */
export function PhoneCards<T extends { id: number }>({
  rows,
  total,
  loading,
  page,
  pageSize,
  sort,
  order,
  sorts,
  sortLabel,
  selectId,
  emptyText,
  emptyHint,
  listLabel,
  card,
  onPage,
  onSort,
  onOpen,
}: {
  rows: T[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  sorts: PhoneSort[];
  /** The label of a sort column not among `sorts` (chosen on the desktop grid). */
  sortLabel: (sort: string) => string;
  selectId: string;
  emptyText: string;
  emptyHint?: string;
  listLabel: string;
  card: (row: T) => PhoneCard;
  onPage: (page: number) => void;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  /** Opens a card's record; without it the cards are not links. */
  onOpen?: (row: T) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = `${sort}:${order}`;
  const options = sorts.some((o) => o.value === current)
    ? sorts
    : [...sorts, { value: current, label: `${sortLabel(sort)} (${order === 'asc' ? 'crescente' : 'decrescente'})` }];
  return (
    <Box>
      {sorts.length > 0 && (
        <TextField
          select
          size="small"
          id={selectId}
          label="Ordenar por"
          value={current}
          fullWidth
          sx={{ mb: 1.5 }}
          onChange={(e) => {
            const [s, o] = e.target.value.split(':');
            onSort(s, o as 'asc' | 'desc');
          }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!loading && rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={emptyText} description={emptyHint} />
        </Paper>
      ) : (
        <Stack spacing={1} component="ul" aria-label={listLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => {
            const c = card(r);
            const content = (
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                  <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{c.title}</Typography>
                  {c.chip}
                </Stack>
                <Typography variant="body2" component="div" sx={{ mt: 0.5, ...clamp2 }}>
                  {c.body}
                </Typography>
                <Stack direction="row" justifyContent="space-between" sx={{ mt: 0.5 }} spacing={1}>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {c.meta}
                  </Typography>
                  {c.figure && (
                    <Typography variant="caption" component="div" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {c.figure}
                    </Typography>
                  )}
                </Stack>
                {c.details && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                    {c.details}
                  </Typography>
                )}
              </CardContent>
            );
            return (
              <Card key={r.id} variant="outlined" component="li">
                {onOpen ? (
                  <CardActionArea onClick={() => onOpen(r)} aria-label={c.ariaLabel}>
                    {content}
                  </CardActionArea>
                ) : (
                  <Box aria-label={c.ariaLabel}>{content}</Box>
                )}
                {c.actions && <CardActions sx={{ pt: 0, px: 2, pb: 1.5, gap: 1 }}>{c.actions}</CardActions>}
              </Card>
            );
          })}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_e, p) => onPage(p)} siblingCount={0} color="primary" />
        </Box>
      )}
    </Box>
  );
}

const clamp2 = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
} as const;
