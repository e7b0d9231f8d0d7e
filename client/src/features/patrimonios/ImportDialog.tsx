import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFile from '@mui/icons-material/UploadFile';
import { PATRIMONIO_MSG, PATRIMONIO_SHEET_COLUMNS, formatNumber, type ImportReport } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { patrimonioKeys } from './keys';
import { patchJob, useJob } from '../downloads';
import { commitImport, fetchImportReport, importPlanilha } from './api';

type Phase =
  | { step: 'idle' }
  | { step: 'checking'; progress: number }
  | { step: 'checked'; report: ImportReport }
  /** Uploading the sheet (upload %), then — once `jobId` is known — the import job runs (job %). */
  | { step: 'importing'; progress: number; report: ImportReport; jobId?: string }
  | { step: 'done'; report: ImportReport };

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Import (issue 3): choose an XLSX/CSV, a dry run lists every bad row with its line and reason,
 * then 'Importar N bens' uploads it again and the server imports it as a background job (every good
 * row in one transaction): the bar shows the upload, then the job's progress (job.progress events);
 * once the job completes, its report (created count, first/last numbers) is shown and the list refreshed.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:767.98px)');
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = phase.step === 'checking' || phase.step === 'importing';

  const reset = () => {
    setFile(null);
    setPhase({ step: 'idle' });
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const check = async (f: File) => {
    setError(null);
    setPhase({ step: 'checking', progress: 0 });
    try {
      const report = await importPlanilha(f, { onProgress: (p) => setPhase({ step: 'checking', progress: p }) });
      setPhase({ step: 'checked', report });
    } catch (err) {
      setError(errorMessage(err, PATRIMONIO_MSG.importBadFile));
      setPhase({ step: 'idle' });
    }
  };

  const commit = async () => {
    if (!file || phase.step !== 'checked') return;
    const checked = phase.report;
    setError(null);
    setPhase({ step: 'importing', progress: 0, report: checked });
    try {
      const job = await commitImport(file, {
        onProgress: (p) => setPhase({ step: 'importing', progress: p, report: checked }),
      });
      patchJob(qc, job);
      setPhase({ step: 'importing', progress: 100, report: checked, jobId: job.id });
    } catch (err) {
      setError(errorMessage(err));
      setPhase({ step: 'checked', report: checked });
    }
  };

  // The import job: its progress comes from job.progress events; when it is over, the report or the reason.
  const jobId = phase.step === 'importing' ? (phase.jobId ?? null) : null;
  const { data: job } = useJob(jobId);
  const jobStatus = jobId && job?.id === jobId ? job.status : null;
  useEffect(() => {
    if (!jobId || phase.step !== 'importing' || (jobStatus !== 'completed' && jobStatus !== 'failed')) return;
    const checked = phase.report;
    let live = true;
    if (jobStatus === 'failed') {
      setError(job?.error || PATRIMONIO_MSG.importBadFile);
      setPhase({ step: 'checked', report: checked });
      return;
    }
    fetchImportReport(jobId)
      .then(
        (report) => {
          if (!live) return;
          setPhase({ step: 'done', report });
          toast.success(PATRIMONIO_MSG.importDone(report.created));
        },
        (err: unknown) => {
          if (!live) return;
          // The assets were created; only the report could not be read.
          setError(errorMessage(err));
          setPhase({ step: 'done', report: { ...checked, mode: 'commit', created: checked.valid } });
        },
      )
      .finally(() => void qc.invalidateQueries({ queryKey: patrimonioKeys.lists }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, jobStatus]);
  const jobProgress = jobId && job?.id === jobId ? Math.max(0, Math.min(100, job.progress ?? 0)) : 0;

  const report = phase.step === 'checked' || phase.step === 'importing' || phase.step === 'done' ? phase.report : null;
  const badLines = report ? new Set(report.errors.map((e) => e.line)).size : 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="import-title">
      <DialogTitle id="import-title">Importar bens</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Envie uma planilha XLSX ou CSV com as colunas da exportação do Tombo (
          {PATRIMONIO_SHEET_COLUMNS.filter((c) => c.key !== 'numero_patrimonio')
            .map((c) => c.header)
            .join(', ')}
          ) e os campos personalizados pelo nome. Os números de patrimônio são atribuídos pelo sistema. Primeiro a
          planilha é verificada; nada é gravado até você confirmar.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
            Escolher planilha
            <input
              ref={inputRef}
              hidden
              type="file"
              accept={ACCEPT}
              aria-label="Planilha para importar"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                if (f) void check(f);
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {file ? file.name : 'Nenhum arquivo escolhido.'}
          </Typography>
        </Box>

        {phase.step === 'checking' && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" id="import-check-label">
              Verificando a planilha…
            </Typography>
            <LinearProgress
              aria-labelledby="import-check-label"
              variant={phase.progress < 100 ? 'determinate' : 'indeterminate'}
              value={phase.progress}
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}

        {report && (
          <Box sx={{ mt: 2 }} aria-label="Relatório da importação" role="region">
            {phase.step === 'done' ? (
              <Alert severity="success">
                {PATRIMONIO_MSG.importDone(report.created)}
                {report.numeros && ` Números de ${report.numeros.first} a ${report.numeros.last}.`}
                {report.errors.length > 0 &&
                  ` ${badLines} ${badLines === 1 ? 'linha com erro não foi importada' : 'linhas com erro não foram importadas'}.`}
              </Alert>
            ) : (
              <Alert severity={report.errors.length ? 'warning' : 'success'}>
                {formatNumber(report.total)} {report.total === 1 ? 'linha lida' : 'linhas lidas'}:{' '}
                <strong data-testid="import-valid">
                  {formatNumber(report.valid)} {report.valid === 1 ? 'válida' : 'válidas'}
                </strong>
                {', '}
                <strong data-testid="import-invalid">{formatNumber(badLines)} com erro</strong>.
                {report.errors.length > 0 &&
                  ' As linhas com erro não serão importadas; corrija-as na planilha e importe de novo.'}
              </Alert>
            )}
            {phase.step === 'importing' && (
              <Box sx={{ mt: 2 }} aria-live="polite">
                <Typography variant="body2" id="import-commit-label">
                  {!phase.jobId
                    ? `Enviando a planilha… ${phase.progress}%`
                    : `Gravando ${formatNumber(report.valid)} ${report.valid === 1 ? 'bem' : 'bens'}… ${jobProgress}%`}
                </Typography>
                <LinearProgress
                  aria-labelledby="import-commit-label"
                  variant={!phase.jobId && phase.progress >= 100 ? 'indeterminate' : 'determinate'}
                  value={phase.jobId ? jobProgress : phase.progress}
                  data-testid="import-progress"
                />
              </Box>
            )}
            {report.errors.length > 0 && (
              <TableContainer sx={{ mt: 2, maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label="Linhas com erro">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 80 }}>Linha</TableCell>
                      <TableCell sx={{ width: 180 }}>Coluna</TableCell>
                      <TableCell>Motivo</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {report.errors.map((e, i) => (
                      <TableRow key={`${e.line}-${e.field}-${i}`}>
                        <TableCell>{e.line}</TableCell>
                        <TableCell>{e.field}</TableCell>
                        <TableCell>{e.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {phase.step === 'done' ? (
          <Button variant="contained" onClick={close}>
            Concluir
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancelar
            </Button>
            <Button
              variant="contained"
              onClick={() => void commit()}
              disabled={busy || phase.step !== 'checked' || !report || report.valid === 0}
            >
              {report ? `Importar ${formatNumber(report.valid)} ${report.valid === 1 ? 'bem' : 'bens'}` : 'Importar'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
