import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  ANALISE_MSG,
  ANALISE_SERIES_LABELS,
  formatDate,
  formatMoney,
  formatNumber,
  type AnalisePeriodo,
} from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { DataList, type Column } from '../../components/DataList';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { FiltrosAnalise } from './FiltrosAnalise';
import { listaDeBens, useUrlFiltros, type Filtros } from './filters';
import { ChartCard, ExportButtons, Figura, Figuras } from './parts';
import { useAnaliseTemporal } from './queries';
import { amountAxis, countAxis } from '../../components/charts/axes';

type Serie = keyof typeof ANALISE_SERIES_LABELS;
const SERIES: Serie[] = ['aquisicoes', 'baixas', 'perdas'];
const VALOR: Record<Serie, 'valorAquisicoes' | 'valorBaixas' | 'valorPerdas'> = {
  aquisicoes: 'valorAquisicoes',
  baixas: 'valorBaixas',
  perdas: 'valorPerdas',
};
const periodoBR = (p: string) => (p.length === 7 ? `${p.slice(5, 7)}/${p.slice(0, 4)}` : p);

/**
 * /analise/temporal: acquisitions, write-offs and inventory losses per month or year. A period opens the
 * asset list with the assets acquired in it; write-offs and losses open the written-off or lost assets
 * (the list has no filter by the date of a write-off).
 */
export default function AnaliseTemporalPage({ title }: PageProps) {
  const { filtros, set } = useUrlFiltros(['sectorId', 'tipoId', 'dataDe', 'dataAte', 'granularidade']);
  const params = filtros as Record<string, string>;
  const q = useAnaliseTemporal(params);
  useLoadErrorToast(q.isError, q.errorUpdatedAt, ANALISE_MSG.loadFailed);
  const [medida, setMedida] = useState<'quantidade' | 'valor'>('quantidade');
  const navigate = useNavigate();
  const chart = useRef<HTMLDivElement>(null);
  const base: Filtros = { sectorId: filtros.sectorId, tipoId: filtros.tipoId };
  const drill = (serie: Serie, p: AnalisePeriodo): string =>
    listaDeBens(
      serie === 'aquisicoes'
        ? { ...base, dataDe: p.de, dataAte: p.ate }
        : { ...base, status: serie === 'baixas' ? 'baixado' : 'extraviado' },
    );
  const data = q.data;
  const count = (serie: Serie) => (p: AnalisePeriodo) => {
    const n = p[serie];
    return n ? (
      <Link component={RouterLink} to={drill(serie, p)}>
        {formatNumber(n)}
      </Link>
    ) : (
      '0'
    );
  };
  const columns: Column<AnalisePeriodo>[] = [
    {
      key: 'periodo',
      label: data?.granularidade === 'ano' ? 'Ano' : 'Mês',
      primary: true,
      render: (p) => (
        <Link component={RouterLink} to={drill('aquisicoes', p)} title="Ver os bens adquiridos no período">
          {periodoBR(p.periodo)}
        </Link>
      ),
    },
    { key: 'aq', label: 'Aquisições', align: 'right', render: count('aquisicoes') },
    { key: 'vaq', label: 'Valor das aquisições', align: 'right', render: (p) => formatMoney(p.valorAquisicoes) },
    { key: 'bx', label: 'Baixas', align: 'right', render: count('baixas') },
    { key: 'vbx', label: 'Valor das baixas', align: 'right', render: (p) => formatMoney(p.valorBaixas) },
    { key: 'pd', label: 'Perdas em inventário', align: 'right', render: count('perdas') },
    { key: 'vpd', label: 'Valor das perdas', align: 'right', render: (p) => formatMoney(p.valorPerdas) },
  ];
  const periodos = data?.periodos ?? [];
  const chartTitle = `${medida === 'valor' ? 'Valores' : 'Quantidades'} por ${data?.granularidade === 'ano' ? 'ano' : 'mês'}`;
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Aquisições, baixas e perdas encontradas em inventários ao longo do tempo."
        actions={
          <ExportButtons
            kind="temporal"
            params={params}
            chart={chart}
            title={`${title} — ${chartTitle}`}
            disabled={!data}
          />
        }
      />
      <FiltrosAnalise kind="temporal" value={filtros} onChange={set} />
      {q.isPending ? (
        <ContentSpinner />
      ) : !data ? (
        <LoadError message={ANALISE_MSG.loadFailed} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Figuras>
            <Figura
              label={ANALISE_SERIES_LABELS.aquisicoes}
              value={formatNumber(data.total.aquisicoes)}
              note={formatMoney(data.total.valorAquisicoes)}
            />
            <Figura
              label={ANALISE_SERIES_LABELS.baixas}
              value={formatNumber(data.total.baixas)}
              note={formatMoney(data.total.valorBaixas)}
            />
            <Figura
              label={ANALISE_SERIES_LABELS.perdas}
              value={formatNumber(data.total.perdas)}
              note={formatMoney(data.total.valorPerdas)}
            />
          </Figuras>
          <ChartCard
            title={`${chartTitle} — ${formatDate(data.dataDe)} a ${formatDate(data.dataAte)}`}
            hint="Clique em uma barra ou na tabela para ver os bens."
            chartRef={chart}
          >
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                aria-label="Medida"
                value={medida}
                onChange={(_e, m: 'quantidade' | 'valor' | null) => m && setMedida(m)}
              >
                <ToggleButton value="quantidade">Quantidade</ToggleButton>
                <ToggleButton value="valor">Valor</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            <BarChart
              height={300}
              margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
              xAxis={[{ scaleType: 'band', data: periodos.map((p) => periodoBR(p.periodo)) }]}
              yAxis={[{ width: 56, ...(medida === 'valor' ? amountAxis : countAxis) }]}
              series={SERIES.map((s) => ({
                id: s,
                label: ANALISE_SERIES_LABELS[s],
                data: periodos.map((p) => (medida === 'valor' ? Number(p[VALOR[s]]) : p[s])),
                valueFormatter: (v: number | null) => (medida === 'valor' ? formatMoney(v ?? 0) : formatNumber(v ?? 0)),
              }))}
              onItemClick={(_e, item) => {
                const p = periodos[item.dataIndex];
                if (p) void navigate(drill(item.seriesId as Serie, p));
              }}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
            />
          </ChartCard>
          <DataList label="Análise temporal" rows={periodos} rowKey={(p) => p.periodo} columns={columns} />
        </>
      )}
    </>
  );
}
