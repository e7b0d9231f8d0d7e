import type { z } from 'zod';
import type {
  FinalizarResponse,
  InventarioCreate,
  InventarioDetail,
  InventarioItens,
  InventarioLeituras,
  InventarioList,
  InventarioListItem,
  InventarioMembro,
  InventarioResumo,
  LeituraResult,
  LeiturasResponse,
  User,
  inventarioUpdateBody,
} from '@tombo/shared';
import { ApiError, http, itemFrom, listFrom } from '../../lib/http';
import type { WireLeitura } from './counting/sender';

const qs = (params: Record<string, string>) => {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : '';
};

export async function fetchInventarios(params: Record<string, string>, signal?: AbortSignal): Promise<InventarioList> {
  return http.get<InventarioList>(`/inventarios${qs(params)}`, { signal });
}

export async function fetchInventario(id: number, signal?: AbortSignal): Promise<InventarioDetail> {
  return itemFrom<InventarioDetail>(await http.get(`/inventarios/${id}`, { signal }), 'inventario');
}

export async function fetchItens(
  id: number,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<InventarioItens> {
  return http.get<InventarioItens>(`/inventarios/${id}/itens${qs(params)}`, { signal });
}

/** The newest page of the reading log ("últimas leituras"). */
export async function fetchLeituras(id: number, signal?: AbortSignal): Promise<InventarioLeituras> {
  return http.get<InventarioLeituras>(`/inventarios/${id}/leituras?pageSize=30`, { signal });
}

export async function fetchResumo(id: number, signal?: AbortSignal): Promise<InventarioResumo> {
  return http.get<InventarioResumo>(`/inventarios/${id}/resumo`, { signal });
}

export async function createInventario(body: InventarioCreate): Promise<InventarioListItem> {
  return itemFrom<InventarioListItem>(await http.post('/inventarios', body), 'inventario');
}

/** PUT body as sent (unchanged sector/scope fields are left out: they are locked once counting began). */
export type InventarioUpdateInput = z.input<typeof inventarioUpdateBody>;

export async function updateInventario(id: number, body: InventarioUpdateInput): Promise<InventarioListItem> {
  return itemFrom<InventarioListItem>(await http.put(`/inventarios/${id}`, body), 'inventario');
}

export async function deleteInventario(id: number): Promise<void> {
  await http.delete(`/inventarios/${id}`);
}

export async function finalizeInventario(id: number): Promise<FinalizarResponse> {
  return http.post<FinalizarResponse>(`/inventarios/${id}/finalizar`, {});
}

/** One batch of readings; a network failure rejects (the queue keeps the batch). */
export async function sendLeituras(id: number, leituras: WireLeitura[]): Promise<LeituraResult[]> {
  return (await http.post<LeiturasResponse>(`/inventarios/${id}/leituras`, { leituras })).resultados;
}

/**
 * Users who may sit on a commission: `GET /inventarios/membros` (requested from the server area, see
 * docs/api.md), else the admin-only user list.
 */
export async function fetchMembros(signal?: AbortSignal): Promise<InventarioMembro[]> {
  try {
    return listFrom<InventarioMembro>(await http.get('/inventarios/membros', { signal }), 'membros');
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 400)) throw err;
  }
  const users = listFrom<User>(await http.get('/users', { signal }), 'users');
  return users.map((u) => ({ id: u.id, name: u.name }));
}
