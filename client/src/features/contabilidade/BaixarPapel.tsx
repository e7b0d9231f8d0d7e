import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { CONTABILIDADE_MSG, type ContabilidadeRelatorioRequest } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { JobProgressPanel } from '../downloads';
import { useBusy } from '../relatorios';
import { requestRelatorioContabil } from './api';

/** What a paper covers, without its format. */
export type PedidoPapel = Omit<ContabilidadeRelatorioRequest, 'formato'>;

/**
 * 'Baixar PDF' and 'Baixar XLSX' of an accounting paper: each asks for the job (`pedido()`: null when the form is
 * not valid, the form then shows why) and follows it below, with its 'Baixar arquivo' once done; also in Downloads.
 */
export function BaixarPapel({ pedido, disabled }: { pedido: () => PedidoPapel | null; disabled?: boolean }) {
  const [job, setJob] = useState<{ id: string; title: string } | null>(null);
  const [busy, run] = useBusy();
  const gerar = (formato: 'pdf' | 'xlsx') =>
    run(async () => {
      const p = pedido();
      if (!p) return;
      const j = await requestRelatorioContabil({ ...p, formato });
      setJob({ id: j.id, title: j.title });
      toast.success(CONTABILIDADE_MSG.relatorioSolicitado);
    });
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          onClick={() => void gerar('pdf')}
          disabled={busy || disabled}
        >
          Baixar PDF
        </Button>
        <Button
          variant="outlined"
          startIcon={<TableViewOutlined />}
          onClick={() => void gerar('xlsx')}
          disabled={busy || disabled}
        >
          Baixar XLSX
        </Button>
      </Box>
      {job && (
        <Box sx={{ flexBasis: '100%', mt: 2 }}>
          <JobProgressPanel key={job.id} jobId={job.id} title={job.title} onClose={() => setJob(null)} />
        </Box>
      )}
    </>
  );
}
