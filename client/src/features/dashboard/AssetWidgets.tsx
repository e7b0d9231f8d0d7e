import type { ReactNode } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { PATRIMONIO_STATUS_LABELS, formatMoney, formatNumber, type AssetStats } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { Figure, Figures } from './Figure';
import { useAssetStats } from './queries';
import { countAxis } from '../../components/charts/axes';

function Guard({ render }: { render: (s: AssetStats) => ReactNode }) {
  const { data, isPending, isError } = useAssetStats();
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title="Não foi possível carregar os dados dos bens." />;
  if (data.total === 0) return <EmptyState compact title="Nenhum bem cadastrado ainda." />;
  return <>{render(data)}</>;
}

/** 'Estatísticas de Bens': count, total value and the states that need attention. */
export function AssetStatsWidget() {
  return (
    <Guard
      render={(s) => {
        const count = (status: string) => s.porStatus.find((x) => x.status === status)?.count ?? 0;
        return (
          <Figures>
            <Figure label="Bens cadastrados" value={formatNumber(s.total)} />
            <Figure label="Valor de aquisição" value={formatMoney(s.valorTotal)} />
            <Figure label="Em manutenção" value={formatNumber(count('em_manutencao'))} />
            <Figure label="Extraviados" value={formatNumber(count('extraviado'))} />
          </Figures>
        );
      }}
    />
  );
}

/** 'Distribuição por Status': a bar chart. */
export function AssetStatusWidget() {
  return (
    <Guard
      render={(s) => (
        <BarChart
          height={240}
          layout="horizontal"
          yAxis={[
            {
              scaleType: 'band',
              data: s.porStatus.map((x) => PATRIMONIO_STATUS_LABELS[x.status] ?? x.status),
              width: 110,
            },
          ]}
          xAxis={[countAxis]}
          series={[
            { data: s.porStatus.map((x) => x.count), label: 'Bens', valueFormatter: (v) => formatNumber(v ?? 0) },
          ]}
          hideLegend
        />
      )}
    />
  );
}

/** 'Distribuição por Categoria': a pie chart of the most common asset types. */
export function AssetTypeWidget() {
  return (
    <Guard
      render={(s) => (
        <PieChart
          height={240}
          series={[
            {
              data: s.porTipo.map((x, i) => ({ id: i, value: x.count, label: x.tipo })),
              innerRadius: 40,
              valueFormatter: (v) => formatNumber(v.value),
            },
          ]}
        />
      )}
    />
  );
}
