import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate } from '@tombo/shared';
import type { LoanListProps } from './LoanCards';
import { AssetLink } from './AssetLink';
import { LoanStatusChip } from './LoanStatusChip';
import { dueHint, estadoLabel } from './labels';
import { LOAN_PAGE_SIZES } from './urlState';

interface Props extends LoanListProps {
  onPageSize: (size: number) => void;
}

const muted = { display: 'block', color: 'text.secondary' } as const;

/** The desktop list: one row per loan, server paging. */
export function LoanTable({ rows, total, page, pageSize, canManage, onPage, onPageSize, onReturn, onExtend }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Empréstimos" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Bem</TableCell>
            <TableCell>Com quem está</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Emprestado em</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Devolução prevista</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell align="right">{canManage ? 'Ações' : 'Devolução'}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((l) => {
            const hint = dueHint(l);
            return (
              <TableRow key={l.id} hover>
                <TableCell sx={{ maxWidth: 320 }}>
                  <AssetLink loan={l} />
                  <Typography variant="body2" noWrap title={l.descricao_bem}>
                    {l.descricao_bem}
                  </Typography>
                  <Typography variant="caption" sx={muted}>
                    {l.setor_responsavel}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {l.tomadorNome}
                  </Typography>
                  {[l.tomadorDocumento, l.tomadorContato].filter(Boolean).map((t, i) => (
                    <Typography key={i} variant="caption" sx={{ ...muted, whiteSpace: 'nowrap' }}>
                      {t}
                    </Typography>
                  ))}
                  {l.setorDestino && (
                    <Typography variant="caption" sx={muted}>
                      Para o setor {l.setorDestino}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {formatDate(l.dataEmprestimo)}
                  {l.registradoPorNome && (
                    <Typography variant="caption" sx={muted}>
                      por {l.registradoPorNome}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {formatDate(l.dataPrevistaDevolucao)}
                  {hint && (
                    <Typography
                      variant="caption"
                      sx={{ ...muted, color: l.status === 'atrasado' ? 'error.main' : 'text.secondary' }}
                    >
                      {hint}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <LoanStatusChip status={l.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {l.dataDevolucao ? (
                    <>
                      <Typography variant="body2">{formatDate(l.dataDevolucao)}</Typography>
                      <Typography variant="caption" sx={muted}>
                        Estado: {estadoLabel(l.estadoDevolucao)}
                      </Typography>
                    </>
                  ) : canManage ? (
                    <>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => onReturn(l)}
                        aria-label={`Registrar devolução do bem ${l.numero_patrimonio}`}
                      >
                        Registrar devolução
                      </Button>
                      <Button
                        size="small"
                        sx={{ ml: 1 }}
                        onClick={() => onExtend(l)}
                        aria-label={`Prorrogar o empréstimo do bem ${l.numero_patrimonio}`}
                      >
                        Prorrogar
                      </Button>
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...LOAN_PAGE_SIZES]}
        onPageChange={(_e, p) => onPage(p + 1)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        labelRowsPerPage="Linhas por página:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      />
    </TableContainer>
  );
}
