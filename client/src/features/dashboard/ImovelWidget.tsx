import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BarChart } from '@mui/x-charts/BarChart';
import { SITUACAO_IMOVEL_LABELS, formatDecimal, formatNumber, type ImovelResumo } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { Figure } from './Figure';
import { useImovelResumo } from './imoveisResumo';
import { countAxis } from '../../components/charts/axes';

const m2 = (v: string) => `${formatDecimal(v, 2)} m²`;

function series(r: ImovelResumo, by: 'situacao' | 'utilizacao') {
  return by === 'situacao'
    ? r.porSituacao.map((x) => ({ label: SITUACAO_IMOVEL_LABELS[x.situacao] ?? x.situacao, count: x.count }))
    : r.porUtilizacao.map((x) => ({ label: x.utilizacao ?? 'Não informada', count: x.count }));
}

/** 'Resumo de Imóveis' (spec §2.5): count, areas, overdue maintenance and a bar chart by situação or utilização. */
export function ImovelWidget() {
  const { data, isPending, isError } = useImovelResumo();
  const [by, setBy] = useState<'situacao' | 'utilizacao'>('situacao');
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title="Não foi possível carregar o resumo de imóveis." />;
  if (data.total === 0)
    return (
      <EmptyState
        compact
        title="Nenhum imóvel cadastrado ainda."
        action={
          <Link component={RouterLink} to="/imoveis">
            Ir para o cadastro de imóveis
          </Link>
        }
      />
    );
  const s = series(data, by);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <Figure label="Imóveis cadastrados" value={formatNumber(data.total)} />
        <Figure
          label="Manutenções atrasadas"
          value={formatNumber(data.manutencoesAtrasadas)}
          alert={data.manutencoesAtrasadas > 0}
        />
        <Figure label="Área construída" value={m2(data.areaConstruida)} />
        <Figure label="Área do terreno" value={m2(data.areaTerreno)} />
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={by}
        onChange={(_e, v: 'situacao' | 'utilizacao' | null) => v && setBy(v)}
        aria-label="Agrupar imóveis por"
        sx={{ mt: 2 }}
      >
        <ToggleButton value="situacao">Por situação</ToggleButton>
        <ToggleButton value="utilizacao">Por utilização</ToggleButton>
      </ToggleButtonGroup>
      <BarChart
        height={Math.max(120, 34 * s.length + 40)}
        layout="horizontal"
        margin={{ left: 4, right: 16, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: s.map((x) => x.label), width: 120 }]}
        xAxis={[countAxis]}
        series={[{ data: s.map((x) => x.count), label: 'Imóveis', valueFormatter: (v) => formatNumber(v ?? 0) }]}
        hideLegend
      />
    </Box>
  );
}
