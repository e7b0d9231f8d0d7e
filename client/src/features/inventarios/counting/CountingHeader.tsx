import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudUpload from '@mui/icons-material/CloudUpload';
import People from '@mui/icons-material/People';
import {
  INVENTARIO_MSG,
  INVENTARIO_TIPO_LABELS,
  formatInteger,
  type InventarioDetail,
  type InventarioMembro,
} from '@tombo/shared';
import { InventarioProgress, InventarioStatusChip } from '../Progress';
import { scopeText } from '../scopeText';

interface Props {
  inv: InventarioDetail;
  presence: InventarioMembro[];
  pending: number;
  online: boolean;
  sending: boolean;
  canFinalize: boolean;
  onFinalize: () => void;
}

/** Title, live progress (found / total), who is counting now and how many readings wait to be sent. */
export function CountingHeader({ inv, presence, pending, online, sending, canFinalize, onFinalize }: Props) {
  const open = inv.status === 'in_progress';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 20, sm: 24 } }}>
            {inv.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {INVENTARIO_TIPO_LABELS[inv.tipo]} · {inv.setor} · {scopeText(inv)}
          </Typography>
        </Box>
        <InventarioStatusChip status={inv.status} />
      </Stack>
      <Box sx={{ mt: 1.5 }} data-testid="progresso">
        <InventarioProgress
          encontrados={inv.encontrados}
          totalItens={inv.totalItens}
          label="Bens encontrados do inventário"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatInteger(inv.divergentes)} em local divergente · {formatInteger(inv.ocorrencias)}{' '}
        {inv.ocorrencias === 1 ? 'ocorrência' : 'ocorrências'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }} alignItems="center">
        <Chip
          size="small"
          icon={online ? <CloudUpload /> : <CloudOff />}
          color={pending > 0 ? 'warning' : online ? 'default' : 'warning'}
          variant={pending > 0 ? 'filled' : 'outlined'}
          label={
            pending > 0
              ? `${INVENTARIO_MSG.pendingReadings(pending)}${online ? (sending ? ' (enviando...)' : '') : ' (sem conexão)'}`
              : online
                ? 'Todas as leituras enviadas'
                : 'Sem conexão: as leituras ficam guardadas'
          }
          data-testid="fila"
          role="status"
        />
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
          aria-label="Contando agora"
          data-testid="presenca"
        >
          <People fontSize="small" color="action" aria-hidden />
          <Typography variant="caption" color="text.secondary">
            Contando agora:
          </Typography>
          {presence.length === 0 ? (
            <Typography variant="caption" color="text.secondary">
              ninguém
            </Typography>
          ) : (
            presence.map((p) => <Chip key={p.id} size="small" label={p.name} variant="outlined" />)
          )}
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button size="small" variant="outlined" component={RouterLink} to={`/inventarios/resumo/${inv.id}`}>
          Resumo
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to={`/inventarios/imprimir/${inv.id}`}>
          Imprimir
        </Button>
        {canFinalize && open && (
          <Button size="small" variant="contained" color="error" onClick={onFinalize}>
            Finalizar inventário
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
