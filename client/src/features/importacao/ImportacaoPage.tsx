import { useEffect, useRef, useState } from 'react';
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
import { useSession } from '../../lib/session';
import { useCan } from '../../lib/permissions';
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
import { Actions } from './Actions';
import { DoneStep } from './DoneStep';
import { MappingStep } from './MappingStep';
import { PendingStep } from './PendingStep';
import { NAMED, ValuesStep, initialChoices, mine, valueMappingOf, type Choices } from './ValuesStep';
import { NO_DEFAULTS, defaultsBody, type Defaults } from './DefaultsSection';
import { useJobEnd } from './useJobEnd';

const STEPS = ['Arquivo', 'Colunas', 'Valores', 'Importação'];
const ACCEPT = '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /bens-cadastrados/importar (every user who registers assets) and /configuracoes/importacao (admin):
 * a register or an asset sheet (CSV/XLSX) uploaded, its columns mapped with a preview (numbers from a
 * column or generated), analysed (every bad row), its values mapped (or created: admins), then
 * imported in one job. The server decides what each user may do; the screen only mirrors it.
 */
export default function ImportacaoPage({ title }: PageProps) {
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const can = useCan();
  const canCreate = can('settings:update');
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
  const [generateNumbers, setGenerateNumbers] = useState(false);
  const [atualizar, setAtualizar] = useState(false);
  const [defaults, setDefaults] = useState<Defaults>(NO_DEFAULTS);
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
    setAtualizar(false);
    setDefaults(NO_DEFAULTS);
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
      setGenerateNumbers(got.suggestedMapping.numero == null);
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
      const j = await analyseRegister(imp.id, {
        mapping,
        hasHeader,
        generateNumbers,
        atualizar: atualizar && !generateNumbers ? 'numero' : null,
      });
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

  const confirm = async (keepPending = false) => {
    if (!imp || !mapping || !choices) return;
    const unchosen = Object.entries(choices.setor).find(([, v]) => v === '' || v === NAMED);
    if (unchosen) {
      setError(`Escolha o setor de "${unchosen[0]}" ou informe o nome do setor a criar.`);
      return;
    }
    setError(null);
    setBusy(true);
    const body: ImportacaoConfirmarBody = {
      mapping,
      hasHeader,
      generateNumbers,
      atualizar: atualizar && !generateNumbers ? 'numero' : null,
      ...(keepPending ? { pendentes: 'manter' as const } : {}),
      defaults: defaultsBody(defaults),
      valueMapping: valueMappingOf(choices),
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
        toast.success(IMPORTACAO_MSG.done(r.created) + (r.pending ? IMPORTACAO_MSG.pendingKept(r.pending) : ''));
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
        subtitle={
          canCreate
            ? 'Traga o cadastro de bens de outro sistema (e-Cidade, SIADS/GEAFIN, planilhas): CSV ou XLSX, com os números de patrimônio mantidos ou gerados pela numeração do município.'
            : 'Cadastre bens a partir de uma planilha CSV ou XLSX: com os números de patrimônio da planilha ou gerados pela numeração do município.'
        }
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
              {canCreate
                ? 'Envie a exportação do sistema anterior ou uma planilha de bens.'
                : 'Envie uma planilha de bens dos setores em que você cadastra; setores, locais e tipos devem existir no Tombo.'}{' '}
              A codificação (UTF-8 ou Latin-1), o separador (; ou ,), as datas dd/mm/aaaa e os valores com vírgula
              decimal são reconhecidos automaticamente. Nada é gravado até você confirmar a importação.
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
              generateNumbers={generateNumbers}
              onGenerateNumbers={setGenerateNumbers}
              atualizar={atualizar}
              onAtualizar={setAtualizar}
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
            {options.isPending ? (
              <LinearProgress aria-label="Carregando os cadastros" />
            ) : (
              <ValuesStep
                analise={analise}
                options={mine(
                  options.data ?? { setor: [], local: [], tipo: [], forma: [] },
                  user?.sectorIds,
                  user?.role,
                )}
                canCreate={canCreate}
                choices={choices}
                onChoices={setChoices}
                defaults={defaults}
                onDefaults={setDefaults}
                onDownloadErrors={() => void downloadErrors(imp).catch(fail)}
              />
            )}
            <Actions>
              <Button onClick={() => setStep(1)} disabled={busy}>
                Voltar
              </Button>
              {analise.errorCount > 0 ? (
                <>
                  <Button onClick={reset} disabled={busy}>
                    Enviar o arquivo corrigido
                  </Button>
                  {analise.valid > 0 && (
                    <Button variant="contained" onClick={() => void confirm(true)} disabled={busy}>
                      Importar as válidas e manter as recusadas como pendentes
                    </Button>
                  )}
                </>
              ) : (
                <Button variant="contained" onClick={() => void confirm(false)} disabled={busy}>
                  Importar {formatNumber(analise.total)} {analise.total === 1 ? 'bem' : 'bens'}
                </Button>
              )}
            </Actions>
          </>
        )}
        {step === 3 && (
          <DoneStep
            total={analise?.total ?? null}
            pct={jobPct}
            failed={status === 'failed'}
            report={report}
            onAnother={reset}
          />
        )}
        {step === 3 && report && !!report.pending && imp && (
          <Box sx={{ mt: 3 }}>
            <PendingStep importacaoId={imp.id} />
          </Box>
        )}
      </Paper>
    </>
  );
}
