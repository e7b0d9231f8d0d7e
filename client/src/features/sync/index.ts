import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export type { OfflineAsset } from './store';
export { PATRIMONIOS_UPDATED_EVENT } from './messages';

export { offlineAssets } from './offline';

/** The sync client (/ferramentas/sync-client): the municipality's assets kept in IndexedDB (spec §4 Sync). */
export const feature: Feature = {
  mainRoutes: { '/ferramentas/sync-client': lazy(() => import('./SyncClientPage')) },
};
