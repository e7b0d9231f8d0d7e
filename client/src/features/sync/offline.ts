import { currentStore } from './controller';
import type { OfflineAsset } from './store';

/**
 * The device's copy of the municipality's assets, for screens that must work offline (the
 * inventory counting screen). Empty until the user syncs at /ferramentas/sync-client.
 */
export const offlineAssets = {
  /** The asset of that number (case and surrounding spaces ignored), or null. */
  async lookup(numero: string): Promise<OfflineAsset | null> {
    return (await (await currentStore())?.lookup(numero)) ?? null;
  },
  /** How many assets are on the device. */
  async count(): Promise<number> {
    return (await (await currentStore())?.count()) ?? 0;
  },
  /** When the device's copy was fetched, or null if never. */
  async lastSync(): Promise<Date | null> {
    return (await (await currentStore())?.lastSync()) ?? null;
  },
};
