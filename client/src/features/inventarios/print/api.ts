import type { InventarioDetail, Job } from '@tombo/shared';
import { http, itemFrom } from '../../../lib/http';

/** The inventory's header and counts (GET /api/inventarios/:id). */
export async function fetchInventarioForPrint(id: number): Promise<InventarioDetail> {
  return itemFrom<InventarioDetail>(await http.get(`/inventarios/${id}`), 'inventario');
}

/** Asks for the report PDF (POST /api/inventarios/:id/impressao → 202 `{ job }`). */
export async function requestInventarioPrint(id: number): Promise<Job> {
  return itemFrom<Job>(await http.post(`/inventarios/${id}/impressao`), 'job');
}
