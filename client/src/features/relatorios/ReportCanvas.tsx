import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  REPORT_GROUP_BY_LABELS,
  REPORT_MEASURE_LABELS,
  fillReportText,
  formatDateTime,
  formatInteger,
  formatMoney,
  prefeituraOf,
  reportBands,
  type ReportBlock,
  type ReportChartData,
  type ReportPreview,
} from '@tombo/shared';
import { amountAxis, countAxis } from '../../components/charts/axes';

const ROW_PX = 38;

function styleOf(b: ReportBlock) {
  const s = b.styles;
  return {
    fontSize: s.fontSize ? `${s.fontSize}pt` : undefined,
    textAlign: s.align,
    fontWeight: s.bold ? 700 : undefined,
    fontStyle: s.italic ? 'italic' : undefined,
    color: s.color,
    bgcolor: s.background,
  } as const;
}

function Chart({ chart, height }: { chart: ReportChartData; height: number }) {
  const fmt = (v: number | null) => (chart.measure === 'valor' ? formatMoney(v ?? 0) : formatInteger(v ?? 0));
  const title = `${REPORT_MEASURE_LABELS[chart.measure]} por ${REPORT_GROUP_BY_LABELS[chart.groupBy].toLowerCase()}`;
  return (
    <Box role="figure" aria-label={title}>
      <Typography variant="subtitle2" sx={{ color: 'primary.main' }}>
        {title}
      </Typography>
      {chart.series.length === 0 ? (
        <Typography color="text.secondary">Nenhum bem para exibir.</Typography>
      ) : chart.kind === 'pie' ? (
        <PieChart
          height={height}
          series={[
            {
              data: chart.series.map((p, i) => ({ id: i, value: p.value, label: p.label })),
              valueFormatter: (v) => fmt(v.value),
            },
          ]}
        />
      ) : (
        <BarChart
          height={height}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: chart.series.map((p) => p.label), width: 110 }]}
          xAxis={[chart.measure === 'valor' ? amountAxis : countAxis]}
          series={[
            {
              data: chart.series.map((p) => p.value),
              label: REPORT_MEASURE_LABELS[chart.measure],
              valueFormatter: fmt,
            },
          ]}
          hideLegend
        />
      )}
    </Box>
  );
}

function DataTable({ data }: { data: ReportPreview }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Bens do relatório">
        <TableHead>
          <TableRow>
            {data.columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r) => (
            <TableRow key={r.id}>
              {data.columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                  {r[c.key]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={data.columns.length} sx={{ fontWeight: 700 }}>
              Total de bens: {formatInteger(data.total)} · Valor total: {formatMoney(data.valorTotal)}
              {data.total > data.rows.length && ` (prévia com os ${data.rows.length} primeiros; o PDF traz todos)`}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

interface Props {
  data: ReportPreview;
  municipio: string;
}

/** A report as the PDF lays it out (bands of the 12-column grid), with real data; one column on phones. */
export function ReportCanvas({ data, municipio }: Props) {
  const phone = useMediaQuery('(max-width:767.95px)');
  const now = new Date();
  const fill = (t: string) =>
    fillReportText(t, {
      totalBens: formatInteger(data.total),
      valorTotal: formatMoney(data.valorTotal),
      data: formatDateTime(now),
      municipio,
    });
  const footer = data.template.layout.find((b) => b.type === 'FOOTER');
  const block = (b: ReportBlock) => {
    switch (b.type) {
      case 'HEADER':
        return (
          <Box sx={{ borderBottom: 2, borderColor: 'primary.main', pb: 1 }}>
            <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{prefeituraOf(municipio)}</Typography>
            <Typography
              variant="h2"
              sx={{ ...styleOf(b), fontSize: b.styles.fontSize ? `${b.styles.fontSize}pt` : '1.4rem' }}
            >
              {fill(b.props.content || data.template.name)}
            </Typography>
          </Box>
        );
      case 'TEXT':
        return <Typography sx={{ whiteSpace: 'pre-wrap', ...styleOf(b) }}>{fill(b.props.content ?? '')}</Typography>;
      case 'CHART': {
        const chart = data.charts.find((c) => c.blockId === b.id);
        return chart ? <Chart chart={chart} height={Math.max(160, b.h * ROW_PX)} /> : null;
      }
      case 'TABLE':
        return <DataTable data={data} />;
      default:
        return null;
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }} data-testid="report-canvas">
      {reportBands(data.template.layout).map((band) => (
        <Box
          key={band[0].id}
          sx={{
            display: 'grid',
            gridTemplateColumns: phone ? '1fr' : 'repeat(12, 1fr)',
            columnGap: 2,
            rowGap: 2,
            mb: 2,
          }}
        >
          {band.map((b) => (
            <Box key={b.id} sx={{ gridColumn: phone ? 'auto' : `${b.x + 1} / span ${b.w}`, minWidth: 0 }}>
              {block(b)}
            </Box>
          ))}
        </Box>
      ))}
      {footer && (
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ ...styleOf(footer), borderTop: 1, borderColor: 'divider', pt: 1 }}
        >
          {footer.props.content ? `${fill(footer.props.content)} · ` : ''}
          {data.template.name} · Gerado em {formatDateTime(now)} · Página 1 de N
        </Typography>
      )}
    </Paper>
  );
}
