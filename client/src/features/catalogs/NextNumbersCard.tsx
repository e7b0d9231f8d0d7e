import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { useNextNumbers } from './queries';

/**
 * "Próximo número por setor": the number the next asset of each sector gets with the SAVED pattern,
 * as the server would issue it now (GET /numeracao/proximo; nothing is reserved). Live: refetched
 * when assets are created, sectors change or the pattern is saved.
 */
export function NextNumbersCard() {
  const { data, isPending, isError, refetch } = useNextNumbers();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id="proximo-numero-titulo">
        Próximo número por setor
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        O número que o próximo bem cadastrado em cada setor receberá com o padrão salvo.
      </Typography>
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message="Falha ao carregar os próximos números." onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState compact title="Nenhum setor cadastrado." />
      ) : (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-labelledby="proximo-numero-titulo" data-testid="proximos-numeros">
            <TableHead>
              <TableRow>
                <TableCell>Setor</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Próximo número
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((s) => (
                <TableRow key={s.sectorId} hover>
                  <TableCell>
                    {s.sectorName}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({s.sectorCode})
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {s.numero ?? (
                      <Box component="span" sx={{ color: 'error.main', fontFamily: 'inherit' }}>
                        Sequência esgotada
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
