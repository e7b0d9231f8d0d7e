import { useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { ANALISE_MSG, formatMoney, formatNumber, formatPercent, type AnaliseGrupo } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { DataList, type Column } from '../../components/DataList';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { FiltrosAnalise } from './FiltrosAnalise';
import { listaDeBens, useUrlFiltros, type Filtros } from './filters';
import { ChartCard, ExportButtons, Figura, Figuras } from './parts';
import { useAnaliseGrupo } from './queries';
import { amountAxis } from '../../components/charts/axes';

/** Bars or slices shown; the table has every group. */
const MAX_BARS = 15;
const MAX_SLICES = 8;
const competenciaBR = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;

/** By sector: bars of acquisition and book value. */
function SetorChart({
  grupos,
  onOpen,
  phone,
}: {
  grupos: AnaliseGrupo[];
  onOpen: (g: AnaliseGrupo) => void;
  phone: boolean;
}) {
  const shown = grupos.slice(0, MAX_BARS);
  const names = shown.map((g) => g.nome);
  return (
    <BarChart
      height={Math.max(220, 44 * shown.length + 80)}
      layout="horizontal"
      margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
      yAxis={[
        {
          scaleType: 'band',
          data: names,
          width: phone ? 96 : 180,
          valueFormatter: (v: string, ctx) =>
            ctx.location === 'tick' && v.length > (phone ? 12 : 24) ? `${v.slice(0, phone ? 11 : 23)}…` : v,
        },
      ]}
      xAxis={[amountAxis]}
      series={[
        {
          data: shown.map((g) => Number(g.valorAquisicao)),
          label: 'Valor de aquisição',
          valueFormatter: (v) => formatMoney(v),
        },
        {
          data: shown.map((g) => Number(g.valorContabil)),
          label: 'Valor contábil',
          valueFormatter: (v) => formatMoney(v),
        },
      ]}
      onAxisClick={(_e, d) => d && shown[d.dataIndex] && onOpen(shown[d.dataIndex])}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
    />
  );
}

/** By type: each type's share of the acquisition value (the smallest together as 'Outros'). */
function TipoChart({
  grupos,
  onOpen,
  phone,
}: {
  grupos: AnaliseGrupo[];
  onOpen: (g: AnaliseGrupo) => void;
  phone: boolean;
}) {
  const top = grupos.slice(0, MAX_SLICES);
  const rest = grupos.slice(MAX_SLICES);
  const data = top.map((g, i) => ({ id: i, value: Number(g.valorAquisicao), label: g.nome }));
  if (rest.length)
    data.push({ id: top.length, value: rest.reduce((a, g) => a + Number(g.valorAquisicao), 0), label: 'Outros' });
  return (
    <PieChart
      height={phone ? 280 : 300}
      // On a phone the pie takes the card's width; the table under it names every type with its share.
      hideLegend={phone}
      series={[
        {
          data,
          innerRadius: 50,
          paddingAngle: 1,
          valueFormatter: (v) => formatMoney(v.value),
        },
      ]}
      onItemClick={(_e, item) => top[item.dataIndex] && onOpen(top[item.dataIndex])}
    />
  );
}

/** /analise/setor and /analise/tipo: figures per group with a chart, a table and a drill-down into the asset list. */
export function AnaliseGrupoPage({ title, por }: PageProps & { por: 'setor' | 'tipo' }) {
  const { filtros, set } = useUrlFiltros(['sectorId', 'tipoId', 'status', 'dataDe', 'dataAte']);
  const params = filtros as Record<string, string>;
  const q = useAnaliseGrupo(por, params);
  useLoadErrorToast(q.isError, q.errorUpdatedAt, ANALISE_MSG.loadFailed);
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width:767.98px)');
  const chart = useRef<HTMLDivElement>(null);
  const drill = (g: AnaliseGrupo): Filtros | null =>
    g.id == null ? null : { ...filtros, [por === 'setor' ? 'sectorId' : 'tipoId']: String(g.id) };
  const open = (g: AnaliseGrupo) => {
    const f = drill(g);
    if (f) void navigate(listaDeBens(f));
  };
  const label = por === 'setor' ? 'Setor' : 'Tipo';
  const columns: Column<AnaliseGrupo>[] = [
    {
      key: 'nome',
      label,
      primary: true,
      render: (g) => {
        const f = drill(g);
        return f ? (
          <Link component={RouterLink} to={listaDeBens(f)} title="Ver os bens na listagem">
            {g.nome}
          </Link>
        ) : (
          g.nome
        );
      },
    },
    { key: 'bens', label: 'Bens', align: 'right', render: (g) => formatNumber(g.bens) },
    { key: 'pb', label: '% dos bens', align: 'right', render: (g) => formatPercent(g.percentualBens) },
    { key: 'va', label: 'Valor de aquisição', align: 'right', render: (g) => formatMoney(g.valorAquisicao) },
    { key: 'pv', label: '% do valor', align: 'right', render: (g) => formatPercent(g.percentualValor) },
    { key: 'vc', label: 'Valor contábil', align: 'right', render: (g) => formatMoney(g.valorContabil) },
  ];
  const data = q.data;
  const chartTitle = por === 'setor' ? 'Valores por setor' : 'Participação no valor de aquisição por tipo';
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`Quantidade de bens, valor de aquisição e valor contábil por ${por}.`}
        actions={
          <ExportButtons kind={por} params={params} chart={chart} title={`${title} — ${chartTitle}`} disabled={!data} />
        }
      />
      <FiltrosAnalise kind="grupo" value={filtros} onChange={set} />
      {q.isPending ? (
        <ContentSpinner />
      ) : !data ? (
        <LoadError message={ANALISE_MSG.loadFailed} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Figuras>
            <Figura label="Bens" value={formatNumber(data.total.bens)} />
            <Figura label="Valor de aquisição" value={formatMoney(data.total.valorAquisicao)} />
            <Figura
              label="Valor contábil"
              value={formatMoney(data.total.valorContabil)}
              note={
                data.competencia
                  ? `Depreciação fechada até ${competenciaBR(data.competencia)}.`
                  : 'Nenhum mês fechado: valor de aquisição.'
              }
            />
          </Figuras>
          {data.grupos.length === 0 ? (
            <Paper variant="outlined">
              <EmptyState title="Nenhum bem com estes filtros." />
            </Paper>
          ) : (
            <>
              <ChartCard
                title={chartTitle}
                hint={`Clique em ${por === 'setor' ? 'uma barra' : 'uma fatia'} ou em um nome da tabela para ver os bens.`}
                chartRef={chart}
              >
                {por === 'setor' ? (
                  <SetorChart grupos={data.grupos} onOpen={open} phone={phone} />
                ) : (
                  <TipoChart grupos={data.grupos} onOpen={open} phone={phone} />
                )}
              </ChartCard>
              <DataList
                label={`Análise por ${por}`}
                rows={data.grupos}
                rowKey={(g) => String(g.id)}
                columns={columns}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
