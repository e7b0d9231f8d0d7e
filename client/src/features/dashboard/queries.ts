import { useQuery } from '@tanstack/react-query';
import type { AssetStats } from '@tombo/shared';
import { http } from '../../lib/http';
import { dashboardKeys } from './keys';

/** Asset figures of the dashboard; refetched when any asset the user can see changes (live.ts). */
export function useAssetStats() {
  return useQuery({ queryKey: dashboardKeys.assetStats, queryFn: () => http.get<AssetStats>('/dashboard/bens') });
}
