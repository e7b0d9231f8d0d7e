import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, isClientAudit } from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { actionLabel, describeDetails, entityLabel } from './labels';
import { useAuditLogs } from './queries';

const LOAD_FAILED = 'Falha ao carregar os registros de atividade.';

/** /registros-de-atividade: paginated audit log, updated live on audit.created. */
export default function AuditLogPage({ title }: PageProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const { data, isPending, isError, errorUpdatedAt, refetch } = useAuditLogs(page + 1, pageSize);
  useLoadErrorToast(isError, errorUpdatedAt, LOAD_FAILED);

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Tudo o que foi criado, alterado ou excluído no município, com autor e data."
      />
      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void refetch()} />
      ) : (data?.logs.length ?? 0) === 0 ? (
        <Paper variant="outlined">
          <EmptyState title="Nenhuma atividade registrada." />
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Registros de atividade" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Usuário</TableCell>
                  <TableCell>Ação</TableCell>
                  <TableCell>Entidade</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Detalhes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data!.logs.map((log) => (
                  <TableRow key={log.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.createdAt)}</TableCell>
                    <TableCell>{log.userName ?? 'Sistema'}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={actionLabel(log.action)} title={log.action} />
                      {isClientAudit(log.action) && (
                        <Chip
                          size="small"
                          color="info"
                          variant="outlined"
                          label="Navegador"
                          title="Registro enviado pelo navegador do usuário, não verificado pelo servidor."
                          sx={{ ml: 0.5 }}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      {entityLabel(log.entityType)}
                      {log.entityId && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          #{log.entityId}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell
                      sx={{
                        display: { xs: 'none', md: 'table-cell' },
                        maxWidth: 420,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                      title={log.details ?? undefined}
                    >
                      {describeDetails(log.details)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data!.total}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={pageSize}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[10, 25, 50, 100]}
          />
        </Paper>
      )}
    </>
  );
}
