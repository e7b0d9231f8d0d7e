import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { depreciacaoKeys } from './keys';

const refetchAll = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: depreciacaoKeys.all });

/** A revaluation or impairment entry, or an edit of the asset, refetches the screen's figures (one asset, few queries). */
export const live: LiveHandlers = {
  'depreciacao.evento': refetchAll,
  'patrimonio.updated': refetchAll,
  // A month closed, failed or reopened: the closed months, the schedules and the dashboard's figures.
  'depreciacao.fechamento': refetchAll,
};
