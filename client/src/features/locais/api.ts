import type { Local, LocalList } from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export async function fetchLocais(sectorId?: number): Promise<LocalList> {
  const data = await http.get<LocalList>(sectorId ? `/locais?sectorId=${sectorId}` : '/locais');
  const locais = listFrom<Local>(data, 'locais');
  return { locais, total: data?.total ?? locais.length };
}

export async function createLocal(body: { name: string; sectorId: number }): Promise<Local> {
  return itemFrom<Local>(await http.post('/locais', body), 'local');
}

export async function updateLocal(
  id: number,
  body: { name: string; sectorId: number; version: number },
): Promise<Local> {
  return itemFrom<Local>(await http.put(`/locais/${id}`, body), 'local');
}

export async function deleteLocal(id: number): Promise<void> {
  await http.delete(`/locais/${id}`);
}
