import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDateTime, type TransferDecision, type Transferencia } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { TransferStatusChip, TransferTypeChip } from './chips';
import { PAGE_SIZES } from './filters';

/** Where the asset goes: the destination sector (and location) or the donation's recipient. */
export const destinationOf = (t: Transferencia) =>
  t.type === 'doacao'
    ? `Doação a ${t.destinatario ?? '—'}`
    : `${t.setorDestino ?? '—'}${t.localDestino ? ` · ${t.localDestino}` : ''}`;

/** Who decided and when, or who asked and when. */
const decidedLine = (t: Transferencia) =>
  t.status === 'pendente'
    ? null
    : `${t.aprovadorNome ?? '—'} em ${t.dataAprovacao ? formatDateTime(t.dataAprovacao) : '—'}`;

interface Props {
  rows: Transferencia[];
  total: number;
  page: number;
  pageSize: number;
  empty: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onOpen: (t: Transferencia) => void;
  /** Approve / reject buttons on pending rows (admin and supervisor). */
  onDecide?: (t: Transferencia, decision: TransferDecision) => void;
}

function DecideButtons({ t, onDecide }: { t: Transferencia; onDecide: NonNullable<Props['onDecide']> }) {
  return (
    <>
      <Button size="small" color="success" variant="contained" onClick={() => onDecide(t, 'aprovada')}>
        Aprovar
      </Button>
      <Button size="small" color="error" variant="outlined" onClick={() => onDecide(t, 'rejeitada')}>
        Rejeitar
      </Button>
    </>
  );
}

const assetLink = (t: Transferencia): ReactNode => (
  <Link component={RouterLink} to={`/bens-cadastrados/ver/${t.patrimonioId}`} sx={{ fontWeight: 600 }}>
    {t.numeroPatrimonio}
  </Link>
);

/** The requests as a table (≥ 768 px) or as cards (phones), with the server's paging. */
export function TransferList({ rows, total, page, pageSize, empty, onPage, onPageSize, onOpen, onDecide }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  if (rows.length === 0)
    return (
      <Paper variant="outlined">
        <EmptyState title={empty} />
      </Paper>
    );
  if (phone)
    return (
      <Box>
        <Stack spacing={1.5} component="ul" aria-label="Solicitações" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((t) => (
            <Card key={t.id} variant="outlined" component="li">
              <CardActionArea onClick={() => onOpen(t)} aria-label={`Solicitação do bem ${t.numeroPatrimonio}`}>
                <CardContent sx={{ pb: 1 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                    <Typography sx={{ fontWeight: 700, flex: 1 }}>{t.numeroPatrimonio}</Typography>
                    <TransferStatusChip status={t.status} />
                  </Box>
                  <Typography variant="body2" noWrap>
                    {t.descricaoBem}
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    <TransferTypeChip type={t.type} />
                    <Typography variant="body2">
                      {t.setorOrigem} → {destinationOf(t)}
                    </Typography>
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                    {t.solicitanteNome} em {formatDateTime(t.dataSolicitacao)}
                    {decidedLine(t) && <> · decidida por {decidedLine(t)}</>}
                  </Typography>
                </CardContent>
              </CardActionArea>
              {onDecide && t.status === 'pendente' && (
                <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1.5 }}>
                  <DecideButtons t={t} onDecide={onDecide} />
                </Box>
              )}
            </Card>
          ))}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={Math.max(1, Math.ceil(total / pageSize))}
            page={page}
            onChange={(_e, p) => onPage(p)}
            size="small"
          />
        </Box>
      </Box>
    );
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Solicitações" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Solicitação</TableCell>
              <TableCell>Bem</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Origem → Destino</TableCell>
              <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>Motivo</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(t.dataSolicitacao)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t.solicitanteNome}
                  </Typography>
                </TableCell>
                <TableCell sx={{ maxWidth: 220 }}>
                  {assetLink(t)}
                  <Typography variant="body2" color="text.secondary" noWrap title={t.descricaoBem}>
                    {t.descricaoBem}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TransferTypeChip type={t.type} />
                </TableCell>
                <TableCell>
                  {t.setorOrigem} → {destinationOf(t)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' }, maxWidth: 240 }} title={t.motivo}>
                  <Typography variant="body2" noWrap>
                    {t.motivo}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TransferStatusChip status={t.status} />
                  {decidedLine(t) && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'nowrap' }}>
                      {decidedLine(t)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {onDecide && t.status === 'pendente' && <DecideButtons t={t} onDecide={onDecide} />}
                    <Tooltip title="Detalhes">
                      <IconButton size="small" aria-label="Detalhes" onClick={() => onOpen(t)}>
                        <InfoOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        onPageChange={(_e, p) => onPage(p + 1)}
        rowsPerPage={pageSize}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        rowsPerPageOptions={[...PAGE_SIZES]}
      />
    </Paper>
  );
}
