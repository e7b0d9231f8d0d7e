import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  INVENTARIO_MSG,
  INVENTARIO_TIPO_LABELS,
  ITEM_STATUS_LABELS,
  ITEM_STATUSES,
  formatDate,
  formatInteger,
  formatMoney,
} from '@tombo/shared';
import { ContentSpinner } from '../../../components/FullScreenSpinner';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../lib/feature';
import { useCan, useCanOpen } from '../../../lib/permissions';
import { InventarioProgress, InventarioStatusChip } from '../Progress';
import { useResumo } from '../queries';
import { scopeText } from '../scopeText';
import { DivergenciasTable, OcorrenciasTable, PorContadorTable, PorEstadoTable, PorLocalTable } from './SummaryTables';
import { countAxis } from '../../../components/charts/axes';

const STATUS_COLORS = { found: '#2e7d32', local_divergente: '#ed6c02', not_found: '#d32f2f' } as const;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

/** /inventarios/resumo/:id: counts and values by status and location, divergences, conditions, who counted. */
export default function SummaryPage({ title }: PageProps) {
  const id = Number(useParams().id);
  const can = useCan();
  const canOpen = useCanOpen();
  const { data: r, isPending, isError, refetch } = useResumo(id);
  if (isPending) return <ContentSpinner />;
  if (isError || !r) return <LoadError message={INVENTARIO_MSG.notFound} onRetry={() => void refetch()} />;
  const inv = r.inventario;
  const counted = r.porStatus.found + r.porStatus.local_divergente;
  const locais = r.porLocal.slice(0, 12);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${inv.title} · ${INVENTARIO_TIPO_LABELS[inv.tipo]} · ${inv.setor} · ${scopeText(inv)}`}
        actions={
          <>
            {inv.status === 'in_progress' && can('inventarios:count') && (
              <Button variant="contained" component={RouterLink} to={`/inventarios/${inv.id}`}>
                Contagem
              </Button>
            )}
            {canOpen('/inventarios/imprimir/:id') && (
              <Button variant="outlined" component={RouterLink} to={`/inventarios/imprimir/${inv.id}`}>
                Imprimir
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to="/inventarios">
              Inventários
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Stack
            direction="row"
            spacing={1}
            alignItems="center"
            justifyContent="space-between"
            useFlexGap
            flexWrap="wrap"
          >
            <Typography variant="body2" color="text.secondary">
              Início {formatDate(inv.dataInicio)}
              {inv.finalizedAt ? ` · finalizado em ${formatDate(inv.finalizedAt)}` : ''} · comissão:{' '}
              {inv.comissao.map((m) => m.name).join(', ')}
            </Typography>
            <InventarioStatusChip status={inv.status} />
          </Stack>
          <Box sx={{ mt: 1.5 }}>
            <InventarioProgress encontrados={counted} totalItens={inv.totalItens} label="Bens encontrados" />
          </Box>
        </Paper>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
          <Figure label="Esperados" value={formatInteger(inv.totalItens)} />
          {ITEM_STATUSES.map((s) => (
            <Figure key={s} label={ITEM_STATUS_LABELS[s]} value={formatInteger(r.porStatus[s])} />
          ))}
          <Figure label="Valor esperado" value={formatMoney(r.valores.esperado)} />
          <Figure
            label="Valor faltante"
            value={formatMoney(r.valores.faltante)}
            hint={`encontrado ${formatMoney(r.valores.encontrado)}`}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h2" sx={{ fontSize: 18 }}>
              Situação dos bens
            </Typography>
            {inv.totalItens > 0 ? (
              <PieChart
                height={220}
                series={[
                  {
                    data: ITEM_STATUSES.map((s, i) => ({
                      id: i,
                      value: r.porStatus[s],
                      label: ITEM_STATUS_LABELS[s],
                      color: STATUS_COLORS[s],
                    })),
                    innerRadius: 45,
                    valueFormatter: (v) => formatInteger(v.value),
                  },
                ]}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Nenhum bem neste inventário.
              </Typography>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h2" sx={{ fontSize: 18 }}>
              Por local{r.porLocal.length > locais.length ? ` (os ${locais.length} maiores)` : ''}
            </Typography>
            {locais.length > 0 && (
              <BarChart
                height={Math.max(180, 44 * locais.length + 60)}
                layout="horizontal"
                xAxis={[countAxis]}
                yAxis={[{ scaleType: 'band', data: locais.map((l) => l.localNome ?? 'Sem local'), width: 120 }]}
                series={[
                  {
                    data: locais.map((l) => Math.max(0, l.encontrados - l.divergentes)),
                    label: 'Encontrados',
                    stack: 'a',
                    color: STATUS_COLORS.found,
                  },
                  {
                    data: locais.map((l) => l.divergentes),
                    label: 'Divergentes',
                    stack: 'a',
                    color: STATUS_COLORS.local_divergente,
                  },
                  {
                    data: locais.map((l) => l.faltantes),
                    label: 'Faltantes',
                    stack: 'a',
                    color: STATUS_COLORS.not_found,
                  },
                ]}
              />
            )}
          </Paper>
        </Box>
        <PorLocalTable r={r} />
        <DivergenciasTable id={inv.id} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <PorEstadoTable r={r} />
          <PorContadorTable r={r} />
        </Box>
        <OcorrenciasTable r={r} />
      </Stack>
    </>
  );
}
