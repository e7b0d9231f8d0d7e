import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http';
import { fetchPatrimonio } from './api';
import { patchAsset } from './live';

/**
 * `{ id, removed: true }` goes to the room of the sector an asset left, which a usuario of both the old
 * and the new sector is in too: only the server knows whether the asset is out of sight. Asks it
 * (patching the fresh record in); false only on a 404.
 */
export async function stillVisible(qc: QueryClient, id: number): Promise<boolean> {
  try {
    patchAsset(qc, await fetchPatrimonio(id));
    return true;
  } catch (err) {
    return !(err instanceof ApiError && err.status === 404);
  }
}
