import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { dashboardKeys } from './keys';
import { imovelResumoLive } from './imoveisResumo';

const pendenciasChanged = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.pendencias });

const assetsChanged = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.assetStats });

/** Any change to an asset the user sees moves the dashboard's figures. */
export const live: LiveHandlers = {
  'patrimonio.created': assetsChanged,
  'patrimonio.updated': assetsChanged,
  'patrimonio.deleted': assetsChanged,
  'patrimonio.bulk_created': assetsChanged,
  'manutencao.created': pendenciasChanged,
  'manutencao.updated': pendenciasChanged,
  'manutencao.deleted': pendenciasChanged,
  ...imovelResumoLive,
};
