import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, type ImportacaoAnalise } from '@tombo/shared';

/** A re-import's preview: per asset, each field that changes (old → new), before confirming. */
export function UpdatePreview({ preview }: { preview: NonNullable<ImportacaoAnalise['atualizacoes']> }) {
  const changed = preview.count - preview.unchanged;
  return (
    <Box component="section" aria-label="Bens que serão atualizados" sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Bens que serão atualizados
      </Typography>
      <Alert severity="info" sx={{ mb: 1 }} data-testid="importacao-atualizacoes">
        {formatNumber(preview.count)} {preview.count === 1 ? 'número já existe' : 'números já existem'} no cadastro:{' '}
        {formatNumber(changed)} {changed === 1 ? 'bem muda' : 'bens mudam'}, {formatNumber(preview.unchanged)} sem
        alteração. O setor de um bem não muda por reimportação (use uma transferência).
      </Alert>
      {preview.items.length > 0 && (
        <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label="Alterações por bem">
            <TableHead>
              <TableRow>
                <TableCell>Nº Patrimônio</TableCell>
                <TableCell>Campo</TableCell>
                <TableCell>Antes</TableCell>
                <TableCell>Depois</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.items.flatMap((item) =>
                item.changes.map((c, i) => (
                  <TableRow key={`${item.numero}-${c.field}`}>
                    <TableCell>{i === 0 ? item.numero : ''}</TableCell>
                    <TableCell>{c.label}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{c.old}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{c.new}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
