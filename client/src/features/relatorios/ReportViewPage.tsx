import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { RELATORIO_MSG, reportFiltros } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { requestReport } from './api';
import { useReportPreview } from './queries';
import { useBusy } from './useBusy';
import { ReportCanvas } from './ReportCanvas';

/** /relatorios/ver/:templateId?<filtros>: the report in the browser with real data, and its PDF. */
export default function ReportViewPage({ title }: PageProps) {
  const templateId = Number(useParams().templateId);
  const [params] = useSearchParams();
  const municipio = useSession((s) => s.user?.municipalityName ?? '');
  const { data, error, isPending, refetch } = useReportPreview(Number.isInteger(templateId) ? templateId : 0, params);
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, run] = useBusy();

  const generate = async () => {
    const f = reportFiltros.safeParse(Object.fromEntries(params));
    await run(async () => {
      const job = await requestReport({ templateId, filtros: f.success ? f.data : {} });
      setJobId(job.id);
      toast.info(RELATORIO_MSG.requested);
    });
  };

  return (
    <Box>
      <PageHeader
        title={data ? `${title}: ${data.template.name}` : title}
        subtitle="Prévia com dados reais (as primeiras linhas); o PDF traz todos os bens."
        actions={
          <>
            <Button component={RouterLink} to="/relatorios" startIcon={<ArrowBack />}>
              Voltar
            </Button>
            <Button
              variant="contained"
              startIcon={<PictureAsPdfOutlined />}
              onClick={generate}
              disabled={busy || !data}
            >
              Gerar PDF
            </Button>
          </>
        }
      />
      {jobId && <JobProgressPanel jobId={jobId} title="Relatório" onClose={() => setJobId(null)} />}
      {isPending ? (
        <ContentSpinner />
      ) : error ? (
        <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <ReportCanvas data={data} municipio={municipio} />
      )}
    </Box>
  );
}
