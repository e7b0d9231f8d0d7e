import type { AssetStats, DashboardLayoutResponse, LayoutWidget, Painel } from '@tombo/shared';

/** Aggregate rows → the dashboard's asset figures. */
export const presentAssetStats = (
  totals: { total: number; valor: string },
  porStatus: AssetStats['porStatus'],
  porTipo: AssetStats['porTipo'],
): AssetStats => ({ total: totals.total, valorTotal: totals.valor, porStatus, porTipo });

/** A user's dashboard layout as the API and the live event carry it. */
export const presentLayout = (
  painel: Painel,
  layout: LayoutWidget[],
  version: number,
  personalizado: boolean,
): DashboardLayoutResponse => ({ painel, layout, version, personalizado });
