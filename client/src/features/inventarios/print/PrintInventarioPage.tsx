import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  INVENTARIO_MSG,
  INVENTARIO_SCOPE_LABELS,
  INVENTARIO_STATUS_LABELS,
  INVENTARIO_TIPO_LABELS,
  formatDate,
  formatInteger,
} from '@tombo/shared';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../lib/feature';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { JobProgressPanel } from '../../downloads';
import { fetchInventarioForPrint, requestInventarioPrint } from './api';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/**
 * /inventarios/imprimir/:id: asks the worker for the inventory report PDF on arrival, shows its
 * progress (job events) and then the download. The job id stays in the URL, so a reload does not ask again.
 */
export default function PrintInventarioPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [asking, setAsking] = useState(false);
  const asked = useRef(false);
  const valid = Number.isInteger(id) && id > 0;
  const {
    data: inv,
    error,
    isPending,
    refetch,
  } = useQuery({
    queryKey: ['inventarios', 'print', id],
    queryFn: () => fetchInventarioForPrint(id),
    enabled: valid,
  });

  const ask = async () => {
    setAsking(true);
    try {
      const job = await requestInventarioPrint(id);
      setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), job: job.id }), { replace: true });
    } catch (err) {
      toast.fromError(err);
    } finally {
      setAsking(false);
    }
  };

  useEffect(() => {
    if (!inv || jobId || asked.current) return;
    asked.current = true;
    void ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the inventory is known
  }, [inv, jobId]);

  const notFound = !valid || (error instanceof ApiError && error.status === 404);
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Relatório do inventário para assinatura da comissão (PDF)."
        actions={
          <Button
            component={RouterLink}
            to={valid ? `/inventarios/resumo/${id}` : '/inventarios'}
            startIcon={<ArrowBack />}
          >
            Voltar
          </Button>
        }
      />
      {notFound ? (
        <LoadError message={INVENTARIO_MSG.notFound} />
      ) : error ? (
        <LoadError message={INVENTARIO_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : isPending || !inv ? (
        <ContentSpinner />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Typography variant="h2" sx={{ fontSize: 18, mb: 1.5 }} data-testid="print-title">
              {inv.title}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Fact label="Tipo" value={INVENTARIO_TIPO_LABELS[inv.tipo]} />
              <Fact label="Abrangência" value={`${INVENTARIO_SCOPE_LABELS[inv.scope]} — ${inv.setor}`} />
              <Fact label="Início" value={formatDate(inv.dataInicio)} />
              <Fact label="Situação" value={INVENTARIO_STATUS_LABELS[inv.status]} />
              <Fact
                label="Encontrados"
                value={`${formatInteger(inv.encontrados)} de ${formatInteger(inv.totalItens)}`}
              />
              <Fact label="Comissão" value={inv.comissao.map((m) => m.name).join(', ')} />
            </Box>
          </Paper>
          {jobId && <JobProgressPanel jobId={jobId} title="Relatório de inventário" onClose={() => setParams({})} />}
          <Button
            variant={jobId ? 'outlined' : 'contained'}
            startIcon={<PictureAsPdfOutlined />}
            onClick={() => void ask()}
            disabled={asking}
          >
            {jobId ? 'Gerar novamente' : 'Gerar PDF'}
          </Button>
        </>
      )}
    </>
  );
}
