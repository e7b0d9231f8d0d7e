import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TrendingDownOutlined from '@mui/icons-material/TrendingDownOutlined';
import { DEPRECIACAO_MSG, formatDate, isCalendarDay, isoDayOf, maskDateBR, parseDateBR } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { AssetPicker, type BemEscolhido } from './AssetPicker';
import { EventosPanel } from './EventosPanel';
import { FechamentoSection } from './FechamentoSection';
import { FigureCards } from './FigureCards';
import { ScheduleChart } from './ScheduleChart';
import { ScheduleTable } from './ScheduleTable';
import { useBem, useDepreciacao } from './queries';

const idFrom = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** /depreciacao: pick an asset (linkable by ?patrimonioId=), see its figures on a date, its schedule and value events. */
export default function DepreciacaoPage({ title }: PageProps) {
  const [params, setParams] = useSearchParams();
  const patrimonioId = idFrom(params.get('patrimonioId'));
  const [picked, setPicked] = useState<BemEscolhido | null>(null);
  const linked = useBem(picked?.id === patrimonioId ? null : patrimonioId);
  const bem = picked?.id === patrimonioId ? picked : (linked.data ?? null);

  // The reference date may come in the link (?data=YYYY-MM-DD); today otherwise. Typing keeps it out of the URL.
  const [data, setData] = useState(() => {
    const linkedDate = params.get('data');
    return linkedDate && isCalendarDay(linkedDate) ? linkedDate : isoDayOf(new Date());
  });
  const [dataTexto, setDataTexto] = useState(() => formatDate(data));
  const typed = parseDateBR(dataTexto);
  useEffect(() => {
    if (typed) setData(typed);
  }, [typed]);

  const dep = useDepreciacao(patrimonioId, data);
  const d = dep.data?.patrimonioId === patrimonioId ? dep.data : undefined;

  const choose = (b: BemEscolhido | null) => {
    setPicked(b);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (b) next.set('patrimonioId', String(b.id));
        else next.delete('patrimonioId');
        return next;
      },
      { replace: false },
    );
  };

  return (
    <>
      <PageHeader title={title} subtitle="Depreciação pelo método das quotas constantes (NBC TSP 07 / MCASP)." />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 220px' }, alignItems: 'start' }}>
          <AssetPicker value={bem} onChange={choose} />
          <TextField
            id="depreciacao-data"
            label="Data de referência"
            placeholder="dd/mm/aaaa"
            value={dataTexto}
            onChange={(e) => setDataTexto(maskDateBR(e.target.value))}
            error={!typed}
            helperText={typed ? 'No formato dd/mm/aaaa.' : 'Data inválida (dd/mm/aaaa).'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
        </Box>
      </Paper>
      {patrimonioId == null ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<TrendingDownOutlined fontSize="inherit" />}
            title="Selecione um bem"
            description="Busque um bem pelo número ou pela descrição para ver sua depreciação."
          />
        </Paper>
      ) : dep.isError && !d ? (
        <LoadError message={DEPRECIACAO_MSG.carregarFalhou} onRetry={() => void dep.refetch()} />
      ) : !d ? (
        <ContentSpinner />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, opacity: dep.isPlaceholderData ? 0.6 : 1 }} aria-busy={dep.isFetching}>
          <FigureCards d={d} />
          {d.cronograma.length > 0 && (
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="cronograma-title"
              sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
            >
              <Typography id="cronograma-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                Cronograma de depreciação
              </Typography>
              <ScheduleChart meses={d.cronograma} atual={d.data.slice(0, 7)} />
              <ScheduleTable meses={d.cronograma} atual={d.data.slice(0, 7)} />
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <EventosPanel patrimonioId={d.patrimonioId} />
          </Paper>
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mt: 3 }}>
        <FechamentoSection />
      </Paper>
    </>
  );
}
