import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate, formatMoney, maskDateBR, parseDateBR, type TotaisDepreciacao } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { competenciaBR } from './format';
import { Figure } from './FigureCards';
import { useResumo } from './queries';
import { amountAxis } from '../../components/charts/axes';

const TOP = 8;

/** Book value and accumulated depreciation of the largest groups, as stacked horizontal bars. */
function PorGrupo({ title, rows }: { title: string; rows: Array<TotaisDepreciacao & { nome: string }> }) {
  const top = rows.slice(0, TOP);
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {top.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum bem depreciável.
        </Typography>
      ) : (
        <BarChart
          layout="horizontal"
          height={Math.max(180, 40 * top.length + 60)}
          margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
          yAxis={[{ scaleType: 'band', data: top.map((r) => r.nome), width: 110 }]}
          xAxis={[amountAxis]}
          series={[
            {
              data: top.map((r) => Number(r.valorContabil)),
              label: 'Valor contábil',
              stack: 'v',
              valueFormatter: (v) => formatMoney(v),
            },
            {
              data: top.map((r) => Number(r.depreciacaoAcumulada)),
              label: 'Depreciação acumulada',
              stack: 'v',
              valueFormatter: (v) => formatMoney(v),
            },
          ]}
        />
      )}
    </Paper>
  );
}

/** /dashboard/depreciacao: the municipality's (a usuario's: their sectors') depreciation as of a date. */
export default function DashboardDepreciacaoPage({ title }: PageProps) {
  const [texto, setTexto] = useState('');
  const typed = texto ? parseDateBR(texto) : null;
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    if (typed) setData(typed);
  }, [typed]);
  const resumo = useResumo(data);
  const r = resumo.data;
  useEffect(() => {
    if (r && !texto) setTexto(formatDate(r.data));
  }, [r, texto]);

  return (
    <>
      <PageHeader title={title} subtitle="Valor bruto, depreciação acumulada e valor contábil dos bens depreciáveis." />
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          id="dashboard-depreciacao-data"
          label="Posição em"
          placeholder="dd/mm/aaaa"
          size="small"
          value={texto}
          onChange={(e) => setTexto(maskDateBR(e.target.value))}
          error={!!texto && !typed}
          helperText={texto && !typed ? 'Data inválida (dd/mm/aaaa).' : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          sx={{ width: 180 }}
        />
        {r && (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            {r.fechada
              ? `Valores dos lançamentos fechados (último mês fechado: ${competenciaBR(r.ultimaFechada!)}).`
              : r.ultimaFechada
                ? `Projeção pelas regras após o último mês fechado (${competenciaBR(r.ultimaFechada)}).`
                : 'Nenhum mês fechado: projeção pelas regras de depreciação.'}
          </Typography>
        )}
      </Paper>
      {resumo.isError && !r ? (
        <LoadError message="Não foi possível carregar o resumo da depreciação." onRetry={() => void resumo.refetch()} />
      ) : !r ? (
        <ContentSpinner />
      ) : (
        <Box
          sx={{ display: 'grid', gap: 3, opacity: resumo.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={resumo.isFetching}
        >
          <Box
            component="section"
            aria-label={`Totais em ${formatDate(r.data)}`}
            sx={{
              display: 'grid',
              gap: { xs: 1, sm: 2 },
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            }}
          >
            <Figure label="Valor bruto" value={formatMoney(r.totais.valorBruto)} />
            <Figure label="Depreciação acumulada" value={formatMoney(r.totais.depreciacaoAcumulada)} />
            <Figure label="Valor contábil" value={formatMoney(r.totais.valorContabil)} strong />
            <Figure label="Quota do mês" value={formatMoney(r.totais.quotaMes)} />
          </Box>
          {r.totais.bens === 0 && <Alert severity="info">Nenhum bem depreciável nesta posição.</Alert>}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <PorGrupo title="Por tipo de bem" rows={r.porTipo.map((x) => ({ ...x, nome: x.tipo }))} />
            <PorGrupo title="Por setor" rows={r.porSetor.map((x) => ({ ...x, nome: x.setor }))} />
          </Box>
          <Paper
            variant="outlined"
            component="section"
            sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
            aria-label="Evolução mensal"
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Evolução mensal
            </Typography>
            {r.serie.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Sem meses fechados no período.
              </Typography>
            ) : (
              <LineChart
                height={260}
                margin={{ left: 4, right: 4, top: 16, bottom: 4 }}
                xAxis={[{ scaleType: 'point', data: r.serie.map((m) => competenciaBR(m.competencia)) }]}
                // The month's quota is thousands beside values of millions: it has its own axis, on the right.
                yAxis={[
                  { id: 'saldos', width: 56, ...amountAxis },
                  { id: 'quota', position: 'right', width: 56, ...amountAxis },
                ]}
                series={[
                  {
                    data: r.serie.map((m) => Number(m.valorContabil)),
                    label: 'Valor contábil',
                    yAxisId: 'saldos',
                    valueFormatter: (v) => formatMoney(v),
                  },
                  {
                    data: r.serie.map((m) => Number(m.acumulada)),
                    label: 'Depreciação acumulada',
                    yAxisId: 'saldos',
                    valueFormatter: (v) => formatMoney(v),
                  },
                  {
                    data: r.serie.map((m) => Number(m.quota)),
                    label: 'Quota do mês (eixo à direita)',
                    yAxisId: 'quota',
                    valueFormatter: (v) => formatMoney(v),
                  },
                ]}
              />
            )}
          </Paper>
        </Box>
      )}
    </>
  );
}
