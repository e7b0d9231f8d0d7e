import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatMoney,
  formatPercent,
  type DepreciacaoPatrimonio,
  type MotivoSemDepreciacao,
} from '@tombo/shared';
import { vidaUtilTexto } from './format';

export const MOTIVO_TEXTO: Record<MotivoSemDepreciacao, string> = {
  tipo_nao_depreciavel: 'Este tipo de bem não é depreciado (terrenos, obras de arte).',
  sem_data: 'Informe a data de aquisição ou de entrada em serviço para calcular a depreciação.',
  sem_vida_util: 'O tipo deste bem não tem vida útil definida.',
  anterior_ao_corte: 'Bem adquirido antes da data de corte do município: não é depreciado.',
};

/** One figure in a card (the asset's page and the depreciation dashboard). */
export function Figure({
  label,
  value,
  strong,
  wide,
}: {
  label: string;
  value: string;
  strong?: boolean;
  wide?: boolean;
}) {
  const id = `fig-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, gridColumn: wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}
      role="group"
      aria-labelledby={id}
    >
      <Typography id={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        sx={{
          fontWeight: strong ? 700 : 500,
          color: strong ? 'primary.main' : 'text.primary',
          fontSize: { xs: '1rem', sm: '1.25rem' },
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** The asset's figures on the reference date, then how they were obtained (entry into service, life, residual). */
export function FigureCards({ d }: { d: DepreciacaoPatrimonio }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!d.depreciavel && d.motivo && <Alert severity="info">{MOTIVO_TEXTO[d.motivo]}</Alert>}
      <Box
        component="section"
        aria-label={`Valores em ${formatDate(d.data)}`}
        sx={{
          display: 'grid',
          gap: { xs: 1, sm: 2 },
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        <Figure label="Valor de aquisição" value={formatMoney(d.valorAquisicao)} />
        <Figure label="Valor residual" value={formatMoney(d.valorResidual)} />
        <Figure label="Depreciação acumulada" value={formatMoney(d.depreciacaoAcumulada)} />
        <Figure label="Valor contábil" value={formatMoney(d.valorContabil)} strong />
        <Figure label="Quota mensal" value={formatMoney(d.quotaMensal)} wide />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, auto)' },
          justifyContent: 'start',
          columnGap: 4,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body1' },
        }}
      >
        <div>
          <dt>Entrada em serviço</dt>
          <dd>{d.dataEntradaServico ? formatDate(d.dataEntradaServico) : 'Não informada'}</dd>
        </div>
        <div>
          <dt>Vida útil</dt>
          <dd>{d.vidaUtilMeses != null ? vidaUtilTexto(d.vidaUtilMeses) : 'Não definida'}</dd>
        </div>
        <div>
          <dt>Valor residual (%)</dt>
          <dd>{d.residualPct != null ? `${formatPercent(d.residualPct)}` : 'Não definido'}</dd>
        </div>
      </Box>
    </Box>
  );
}
