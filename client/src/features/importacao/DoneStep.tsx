import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { IMPORTACAO_MSG, formatNumber, type ImportacaoReport } from '@tombo/shared';
import { Actions } from './Actions';

/** The import job: its progress, then its report (numbers from the lowest to the highest), or its failure. */
export function DoneStep({
  total,
  pct,
  failed,
  report,
  onAnother,
}: {
  total: number | null;
  pct: number;
  failed: boolean;
  report: ImportacaoReport | null;
  onAnother: () => void;
}) {
  return (
    <Box aria-live="polite">
      {!report && !failed && (
        <>
          <Typography variant="body2" id="import-progress-label" sx={{ mb: 1 }}>
            Importando {total != null ? formatNumber(total) : ''} bens… {pct}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={pct}
            aria-labelledby="import-progress-label"
            data-testid="importacao-progress"
            sx={{ height: 10, borderRadius: 5 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Você pode sair desta página: a importação continua e aparece em Downloads.
          </Typography>
        </>
      )}
      {report && (
        <Alert severity="success" data-testid="importacao-concluida">
          {IMPORTACAO_MSG.done(report.created)}
          {report.numeros && IMPORTACAO_MSG.numbersIssued(report.numeros.first, report.numeros.last)}
          {created(report)}
          {report.updated ? IMPORTACAO_MSG.updatedCount(report.updated) : ''}
          {report.pending ? IMPORTACAO_MSG.pendingKept(report.pending) : ''}
        </Alert>
      )}
      <Actions>
        {(report || failed) && <Button onClick={onAnother}>Importar outro arquivo</Button>}
        {report && (
          <Button variant="contained" component={RouterLink} to="/bens-cadastrados">
            Ver bens cadastrados
          </Button>
        )}
      </Actions>
    </Box>
  );
}

function created(r: ImportacaoReport) {
  const c = r.createdCatalogs;
  const parts = [
    c.setor && `${c.setor} ${c.setor === 1 ? 'setor' : 'setores'}`,
    c.local && `${c.local} ${c.local === 1 ? 'local' : 'locais'}`,
    c.tipo && `${c.tipo} ${c.tipo === 1 ? 'tipo de bem' : 'tipos de bens'}`,
    c.forma && `${c.forma} ${c.forma === 1 ? 'forma de aquisição' : 'formas de aquisição'}`,
  ].filter(Boolean);
  return parts.length ? ` Criados: ${parts.join(', ')}.` : '';
}
