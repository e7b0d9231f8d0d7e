import type { AssetStats } from '@tombo/shared';

/** Aggregate rows → the dashboard's asset figures. */
export const presentAssetStats = (
  totals: { total: number; valor: string },
  porStatus: AssetStats['porStatus'],
  porTipo: AssetStats['porTipo'],
): AssetStats => ({ total: totals.total, valorTotal: totals.valor, porStatus, porTipo });
