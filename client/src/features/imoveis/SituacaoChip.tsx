import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SituacaoImovel } from '@tombo/shared';
import { situacaoLabel } from './labels';

const COLOR: Record<SituacaoImovel, ChipProps['color']> = {
  proprio: 'success',
  cedido: 'info',
  alugado: 'warning',
  comodato: 'secondary',
  desapropriado: 'default',
};

/** The property's situação as a small coloured chip. */
export function SituacaoChip({ situacao }: { situacao: SituacaoImovel }) {
  return <Chip size="small" variant="outlined" color={COLOR[situacao] ?? 'default'} label={situacaoLabel(situacao)} />;
}
