import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMoney } from '@tombo/shared';
import { competenciaBR } from './format';
import { amountAxis } from '../../components/charts/axes';

interface Props {
  meses: Array<{ competencia: string; valorContabil: string }>;
  /** The month of the reference date ('YYYY-MM'), marked on the line. */
  atual: string;
}

/** The book value month by month (a line), with the reference month marked. */
export function ScheduleChart({ meses, atual }: Props) {
  const labels = meses.map((m) => competenciaBR(m.competencia));
  const values = meses.map((m) => Number(m.valorContabil));
  return (
    <Box
      role="img"
      aria-label={`Gráfico do valor contábil de ${labels[0]} a ${labels[labels.length - 1]}`}
      sx={{ width: '100%', minWidth: 0 }}
    >
      <LineChart
        height={260}
        margin={{ left: 8, right: 24, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            // One tick a year (January, or the first month): the year under it; the tooltip keeps MM/yyyy.
            tickInterval: (_v: string, i: number) => i === 0 || labels[i].startsWith('01/'),
            valueFormatter: (v: string, ctx) => (ctx.location === 'tick' ? v.slice(3) : v),
          },
        ]}
        yAxis={[{ min: 0, width: 56, ...amountAxis }]}
        series={[
          {
            data: values,
            label: 'Valor contábil',
            showMark: ({ index }) => meses[index]?.competencia === atual,
            valueFormatter: (v) => formatMoney(v),
          },
        ]}
        hideLegend
      />
    </Box>
  );
}
