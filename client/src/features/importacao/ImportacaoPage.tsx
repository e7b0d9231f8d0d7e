import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  IMPORTACAO_MSG,
  formatNumber,
  type Importacao,
  type ImportacaoAnalise,
  type ImportacaoConfirmarBody,
  type ImportacaoMapping,
  type ImportacaoReport,
} from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/http';
import type { PageProps } from '../../lib/feature';
import { toast } from '../../lib/toast';
import { patchJob, useJob } from '../downloads';
import {
  analyseRegister,
  confirmRegister,
  downloadErrors,
  fetchAnalysis,
  fetchCatalogOptions,
  fetchReport,
  uploadRegister,
} from './api';
import { MappingStep } from './MappingStep';
import { ValuesStep, initialChoices, type Choices } from './ValuesStep';
import { useJobEnd } from './useJobEnd';

const STEPS = ['Arquivo', 'Colunas', 'Valores', 'Importação'];
const ACCEPT = '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /configuracoes/importacao (admin): another system's register (CSV/XLSX) uploaded, its columns mapped
 * with a preview, analysed (every bad row), its values mapped or created, then imported in one job.
 */
export default function ImportacaoPage({ title }: PageProps) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:767.98px)');
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [uploadPct, setUploadPct] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [imp, setImp] = useState<Importacao | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ImportacaoMapping | null>(null);
  const [analise, setAnalise] = useState<ImportacaoAnalise | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [analysisJobId, setAnalysisJobId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [report, setReport] = useState<ImportacaoReport | null>(null);
  const options = useQuery({ queryKey: ['importacao', 'catalogs'], queryFn: fetchCatalogOptions, enabled: step >= 2 });
  const { data: job } = useJob(jobId);

  const fail = (err: unknown) => {
    setError(errorMessage(err));
    setFieldErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
  };
  const reset = () => {
    setStep(0);
    setImp(null);
    setAnalise(null);
    setChoices(null);
    setAnalysisJobId(null);
    setJobId(null);
    setReport(null);
    setError(null);
    setFieldErrors({});
    if (input.current) input.current.value = '';
  };

  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    setUploadPct(0);
    try {
      const got = await uploadRegister(file, { onProgress: setUploadPct });
      setImp(got);
      setHasHeader(got.hasHeader);
      setHeaders(got.headers);
      setMapping(got.suggestedMapping);
      setStep(1);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
      setUploadPct(null);
    }
  };

  const analyse = async () => {
    if (!imp || !mapping) return;
    setError(null);
    setFieldErrors({});
    setBusy(true);
    try {
      const j = await analyseRegister(imp.id, { mapping, hasHeader });
      patchJob(qc, j);
      setAnalysisJobId(j.id);
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  // The analysis job's end: its result (the values step), or why it failed.
  const analysisPct = useJobEnd(analysisJobId, fetchAnalysis, {
    done: (r) => {
      setAnalise(r.analise);
      setHeaders(r.headers);
      setChoices(initialChoices(r.analise));
      setAnalysisJobId(null);
      setBusy(false);
      setStep(2);
    },
    failed: (reason, err) => {
      if (err) fail(err);
      else setError(reason || IMPORTACAO_MSG.analysisFailed);
      setAnalysisJobId(null);
      setBusy(false);
    },
  });

  const confirm = async () => {
    if (!imp || !mapping || !choices) return;
    setError(null);
    setBusy(true);
    const catalog = (c: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(c).map(([k, v]) => [k, v === 'criar' ? { criar: true as const } : { id: Number(v) }]),
      );
    const body: ImportacaoConfirmarBody = {
      mapping,
      hasHeader,
      valueMapping: {
        setor: catalog(choices.setor),
        local: catalog(choices.local),
        tipo: catalog(choices.tipo),
        forma: catalog(choices.forma),
        status: choices.status as NonNullable<ImportacaoConfirmarBody['valueMapping']>['status'],
        estado: Object.fromEntries(Object.entries(choices.estado).map(([k, v]) => [k, v || null])) as NonNullable<
          ImportacaoConfirmarBody['valueMapping']
        >['estado'],
      },
    };
    try {
      const j = await confirmRegister(imp.id, body);
      patchJob(qc, j);
      setJobId(j.id);
      setStep(3);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  // The job's end: its report, or why it failed (nothing was written).
  const status = job?.id === jobId ? job?.status : undefined;
  useEffect(() => {
    if (!jobId || (status !== 'completed' && status !== 'failed')) return;
    if (status === 'failed') {
      setError(job?.error || IMPORTACAO_MSG.failed);
      return;
    }
    let live = true;
    fetchReport(jobId).then(
      (r) => {
        if (!live) return;
        setReport(r);
        toast.success(IMPORTACAO_MSG.done(r.created));
        void qc.invalidateQueries();
      },
      (err: unknown) => live && fail(err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, status]);
  const jobPct = job?.id === jobId ? Math.max(0, Math.min(100, job?.progress ?? 0)) : 0;

  const changeHeader = (v: boolean) => {
    if (!imp) return;
    setHasHeader(v);
    const width = imp.headers.length;
    setHeaders(
      v === imp.hasHeader
        ? imp.headers
        : v
          ? (imp.preview[0] ?? [])
          : Array.from({ length: width }, (_, i) => `Coluna ${i + 1}`),
    );
  };
  const preview = !imp
    ? []
    : hasHeader === imp.hasHeader
      ? imp.preview
      : hasHeader
        ? imp.preview.slice(1)
        : [imp.headers, ...imp.preview];

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Traga o cadastro de bens de outro sistema (e-Cidade, SIADS/GEAFIN, planilhas): CSV ou XLSX, com os números de patrimônio mantidos."
      />
      <Stepper activeStep={step} alternativeLabel={!phone} orientation="horizontal" sx={{ mb: 3 }}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{phone ? '' : s}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {phone && (
        <Typography variant="subtitle2" sx={{ mb: 2 }}>
          Passo {step + 1} de {STEPS.length}: {STEPS[step]}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {step === 0 && (
          <Box>
            <Typography sx={{ mb: 2 }}>
              Envie a exportação do sistema anterior. A codificação (UTF-8 ou Latin-1), o separador (; ou ,), as datas
              dd/mm/aaaa e os valores com vírgula decimal são reconhecidos automaticamente. Nada é gravado até você
              confirmar a importação.
            </Typography>
            <Button component="label" variant="contained" startIcon={<UploadFile />} disabled={busy}>
              Escolher arquivo
              <input
                ref={input}
                hidden
                type="file"
                accept={ACCEPT}
                aria-label="Arquivo do cadastro"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void upload(f);
                }}
              />
            </Button>
            {uploadPct != null && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2" id="upload-label">
                  Enviando o arquivo… {uploadPct}%
                </Typography>
                <LinearProgress
                  aria-labelledby="upload-label"
                  variant={uploadPct < 100 ? 'determinate' : 'indeterminate'}
                  value={uploadPct}
                />
              </Box>
            )}
          </Box>
        )}
        {step === 1 && imp && mapping && (
          <>
            <MappingStep
              imp={imp}
              headers={headers}
              preview={preview}
              hasHeader={hasHeader}
              onHasHeader={changeHeader}
              mapping={mapping}
              onMapping={setMapping}
              errors={fieldErrors}
            />
            {analysisJobId && (
              <Box sx={{ mt: 2 }} aria-live="polite">
                <Typography variant="body2" id="analysis-progress-label" sx={{ mb: 1 }}>
                  Analisando o arquivo… {analysisPct}%
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={analysisPct}
                  aria-labelledby="analysis-progress-label"
                  data-testid="importacao-analise-progress"
                  sx={{ height: 10, borderRadius: 5 }}
                />
              </Box>
            )}
            <Actions>
              <Button onClick={reset} disabled={busy}>
                Outro arquivo
              </Button>
              <Button variant="contained" onClick={() => void analyse()} disabled={busy}>
                Analisar
              </Button>
            </Actions>
          </>
        )}
        {step === 2 && analise && choices && imp && (
          <>
            {options.isPending && analise.errorCount === 0 ? (
              <LinearProgress aria-label="Carregando os cadastros" />
            ) : (
              <ValuesStep
                analise={analise}
                options={options.data ?? { setor: [], local: [], tipo: [], forma: [] }}
                choices={choices}
                onChoices={setChoices}
                onDownloadErrors={() => void downloadErrors(imp).catch(fail)}
              />
            )}
            <Actions>
              <Button onClick={() => setStep(1)} disabled={busy}>
                Voltar
              </Button>
              {analise.errorCount > 0 ? (
                <Button variant="contained" onClick={reset}>
                  Enviar o arquivo corrigido
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
                  Importar {formatNumber(analise.total)} {analise.total === 1 ? 'bem' : 'bens'}
                </Button>
              )}
            </Actions>
          </>
        )}
        {step === 3 && (
          <Box aria-live="polite">
            {!report && status !== 'failed' && (
              <>
                <Typography variant="body2" id="import-progress-label" sx={{ mb: 1 }}>
                  Importando {analise ? formatNumber(analise.total) : ''} bens… {jobPct}%
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={jobPct}
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
                {report.numeros && ` Números de ${report.numeros.first} a ${report.numeros.last}.`}
                {created(report)}
              </Alert>
            )}
            <Actions>
              {(report || status === 'failed') && <Button onClick={reset}>Importar outro arquivo</Button>}
              {report && (
                <Button variant="contained" component={RouterLink} to="/bens-cadastrados">
                  Ver bens cadastrados
                </Button>
              )}
            </Actions>
          </Box>
        )}
      </Paper>
    </>
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

function Actions({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>{children}</Box>;
}
