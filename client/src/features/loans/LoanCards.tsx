import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, type EmprestimoListItem } from '@tombo/shared';
import { AssetLink } from './AssetLink';
import { LoanStatusChip } from './LoanStatusChip';
import { borrower, dueHint, estadoLabel } from './labels';

/** What both layouts of the list get (cards on phones, a table on desktops). */
export interface LoanListProps {
  rows: EmprestimoListItem[];
  total: number;
  page: number;
  pageSize: number;
  canManage: boolean;
  onPage: (page: number) => void;
  onReturn: (loan: EmprestimoListItem) => void;
  onExtend: (loan: EmprestimoListItem) => void;
}

/** Under 768 px the list is a stack of cards with the same server paging. */
export function LoanCards({ rows, total, page, pageSize, canManage, onPage, onReturn, onExtend }: LoanListProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Box>
      <Stack spacing={1} component="ul" aria-label="Empréstimos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((l) => {
          const hint = dueHint(l);
          return (
            <Card key={l.id} variant="outlined" component="li">
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                  <AssetLink loan={l} />
                  <LoanStatusChip status={l.status} />
                </Stack>
                <Typography variant="body2" sx={{ mt: 0.5 }} noWrap>
                  {l.descricao_bem}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                  {borrower(l)}
                </Typography>
                {(l.tomadorDocumento || l.tomadorContato) && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {[l.tomadorDocumento, l.tomadorContato].filter(Boolean).join(' · ')}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                  Emprestado em {formatDate(l.dataEmprestimo)} · devolução prevista{' '}
                  {formatDate(l.dataPrevistaDevolucao)}
                </Typography>
                {hint && (
                  <Typography
                    variant="caption"
                    sx={{ display: 'block', color: l.status === 'atrasado' ? 'error.main' : 'text.secondary' }}
                  >
                    {hint}
                  </Typography>
                )}
                {l.dataDevolucao && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    Devolvido em {formatDate(l.dataDevolucao)} · estado: {estadoLabel(l.estadoDevolucao)}
                  </Typography>
                )}
                {canManage && !l.dataDevolucao && (
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      fullWidth
                      onClick={() => onReturn(l)}
                      aria-label={`Registrar devolução do bem ${l.numero_patrimonio}`}
                    >
                      Registrar devolução
                    </Button>
                    <Button
                      size="small"
                      fullWidth
                      onClick={() => onExtend(l)}
                      aria-label={`Prorrogar o empréstimo do bem ${l.numero_patrimonio}`}
                    >
                      Prorrogar
                    </Button>
                  </Stack>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_e, p) => onPage(p)} siblingCount={0} color="primary" />
        </Box>
      )}
    </Box>
  );
}
