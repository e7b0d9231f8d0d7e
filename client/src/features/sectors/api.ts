import type { Job, Sector, SectorCreate, SectorList } from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export async function fetchSectors(): Promise<SectorList> {
  const data = await http.get<SectorList>('/sectors');
  const sectors = listFrom<Sector>(data, 'sectors');
  return { sectors, total: data?.total ?? sectors.length };
}

export async function createSector(body: Pick<SectorCreate, 'name' | 'code'>): Promise<Sector> {
  return itemFrom<Sector>(await http.post('/sectors', body), 'sector');
}

export async function updateSector(
  id: number,
  body: { name?: string; code?: string; version: number },
): Promise<Sector> {
  return itemFrom<Sector>(await http.put(`/sectors/${id}`, body), 'sector');
}

export async function deleteSector(id: number): Promise<void> {
  await http.delete(`/sectors/${id}`);
}

export async function exportSectors(format: 'xlsx' | 'pdf'): Promise<Job> {
  return itemFrom<Job>(await http.post('/sectors/export', { format }), 'job');
}
