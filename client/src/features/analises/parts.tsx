import { useState, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ANALISE_MSG, isoDayOf } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { downloadXlsx } from './api';
import { saveChartPng } from './chartPng';

/** A figure card: label above, value below. */
export function Figura({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere', fontSize: { xs: '1.1rem', sm: '1.5rem' } }}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** A row of figure cards that wraps on phones. */
export function Figuras({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(auto-fit, minmax(150px, 1fr))', sm: 'repeat(auto-fit, minmax(200px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** 'Exportar PNG' (the chart as drawn) and 'Exportar XLSX' (the data, with the same filters, from the server). */
export function ExportButtons(p: {
  kind: 'setor' | 'tipo' | 'temporal';
  params: Record<string, string>;
  chart: RefObject<HTMLElement | null>;
  title: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toast.fromError(err, ANALISE_MSG.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  const name = `analise-${p.kind}-${isoDayOf(new Date())}.png`;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ImageOutlined />}
        disabled={busy || p.disabled}
        onClick={() => run(() => saveChartPng(p.chart.current!, p.title, name))}
      >
        Exportar PNG
      </Button>
      <Button
        variant="contained"
        startIcon={<FileDownloadOutlined />}
        disabled={busy || p.disabled}
        onClick={() => run(() => downloadXlsx(p.kind, p.params))}
      >
        Exportar XLSX
      </Button>
    </>
  );
}

/** The chart's card: a heading, the chart, and a hint that a bar opens the asset list. */
export function ChartCard(p: {
  title: string;
  hint?: string;
  chartRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {p.title}
      </Typography>
      {p.hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {p.hint}
        </Typography>
      )}
      <Box ref={p.chartRef} data-testid="analise-grafico" sx={{ width: '100%', minWidth: 0 }}>
        {p.children}
      </Box>
    </Paper>
  );
}
