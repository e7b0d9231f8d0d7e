import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney, formatPercent } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import type { Permission } from '@tombo/shared';
import type { EventoValorItem, TipoEventoValor } from './api';
import { EVENTO_TITULO, EventoDialog, type EventoKind } from './EventoDialog';
import { competenciaBR, plural } from './format';
import { useEventosValor } from './queries';

const MANAGE: Permission = 'depreciacao:manage';

const TIPO_LABEL: Record<TipoEventoValor, string> = {
  reavaliacao: 'Reavaliação',
  reducao: 'Redução ao valor recuperável',
  reversao: 'Reversão de redução',
};

function EventoCard({ e }: { e: EventoValorItem }) {
  const detalhes = [
    e.valor != null &&
      (e.tipo === 'reducao' ? `Valor recuperável: ${formatMoney(e.valor)}` : `Valor: ${formatMoney(e.valor)}`),
    e.vidaUtilRestanteMeses != null && `Vida útil restante: ${plural(e.vidaUtilRestanteMeses, 'mês', 'meses')}`,
    e.residualPct != null && `Residual: ${formatPercent(e.residualPct)}`,
  ].filter(Boolean);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Chip size="small" label={TIPO_LABEL[e.tipo]} color={e.tipo === 'reavaliacao' ? 'primary' : 'default'} />
        <Typography sx={{ fontWeight: 700 }}>Competência {competenciaBR(e.competencia)}</Typography>
      </Box>
      {detalhes.length > 0 && <Typography variant="body2">{detalhes.join(' · ')}</Typography>}
      <Typography variant="body2">Documento: {e.documento}</Typography>
      <Typography variant="body2">Motivo: {e.motivo}</Typography>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(e.createdAt)}
        {e.createdBy ? ` · ${e.createdBy}` : ''}
      </Typography>
    </Paper>
  );
}

/** 'Reavaliações e reduções': the asset's value events, and the buttons to register them for who manages depreciation. */
export function EventosPanel({ patrimonioId }: { patrimonioId: number }) {
  const can = useCan();
  const canManage = can(MANAGE);
  const eventos = useEventosValor(patrimonioId);
  const [kind, setKind] = useState<EventoKind | null>(null);
  const list = eventos.data ?? [];
  return (
    <Box component="section" aria-labelledby="eventos-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id="eventos-title" variant="h6" component="h2" sx={{ flex: '1 1 240px' }}>
          Reavaliações e reduções
        </Typography>
        {canManage &&
          (['reavaliacao', 'reducao', 'reversao'] as const).map((k) => (
            <Button
              key={k}
              size="small"
              variant={k === 'reavaliacao' ? 'contained' : 'outlined'}
              onClick={() => setKind(k)}
            >
              {EVENTO_TITULO[k]}
            </Button>
          ))}
      </Box>
      {eventos.isError ? (
        <Alert severity="warning">Não foi possível carregar as reavaliações e reduções.</Alert>
      ) : eventos.isPending ? (
        <Typography color="text.secondary">Carregando...</Typography>
      ) : list.length === 0 ? (
        <Typography color="text.secondary">Nenhuma reavaliação ou redução registrada.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {list.map((e) => (
            <EventoCard key={e.id} e={e} />
          ))}
        </Box>
      )}
      <EventoDialog key={kind ?? 'fechado'} kind={kind} patrimonioId={patrimonioId} onClose={() => setKind(null)} />
    </Box>
  );
}
