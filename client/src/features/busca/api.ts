import type { BuscaResponse } from '@tombo/shared';
import { http } from '../../lib/http';

/** `GET /api/busca`: the grouped results of one text (cancelled when a newer text replaces it). */
export function fetchBusca(q: string, signal?: AbortSignal): Promise<BuscaResponse> {
  return http.get<BuscaResponse>(`/busca?${new URLSearchParams({ q })}`, { signal });
}
