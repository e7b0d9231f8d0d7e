import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { depreciacaoKeys } from './keys';

const refetchAll = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: depreciacaoKeys.all });

// 'depreciacao.evento' ({ patrimonioId }) is declared by the revaluation server, merged separately: until its name is
// in ServerEventName the map is cast. Any event refetches the screen's cached figures (one asset, few small queries).
export const live = {
  'depreciacao.evento': refetchAll,
  'patrimonio.updated': refetchAll,
} as unknown as LiveHandlers;
