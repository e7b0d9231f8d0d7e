import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { analiseKeys } from './keys';

const refetch = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: analiseKeys.all });

/**
 * Any change to the assets (a write-off, a new asset), an inventory finalised (losses), a revaluation
 * or a renamed sector or type moves the figures: the analysis on screen is read again (only active
 * queries refetch; the others are marked stale).
 */
export const live: LiveHandlers = {
  'patrimonio.created': refetch,
  'patrimonio.updated': refetch,
  'patrimonio.deleted': refetch,
  'patrimonio.bulk_created': refetch,
  'inventario.updated': refetch,
  'depreciacao.evento': refetch,
  'sector.updated': refetch,
  'catalog.changed': refetch,
};
