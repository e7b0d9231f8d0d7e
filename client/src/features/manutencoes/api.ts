import type { Manutencao, ManutencaoImovelOption, ManutencaoList } from '@tombo/shared';
import { http, itemFrom } from '../../lib/http';
import { uploadFile } from '../../lib/upload';

/** Query of GET /api/manutencoes as the page builds it (strings, ready for the URL). */
export type ManutencaoListParams = Record<string, string>;

export async function fetchManutencoes(params: ManutencaoListParams, signal?: AbortSignal): Promise<ManutencaoList> {
  const qs = new URLSearchParams(params).toString();
  return http.get<ManutencaoList>(`/manutencoes${qs ? `?${qs}` : ''}`, { signal });
}

/** The form's property picker: `{ imoveis: [{ id, numero_patrimonio, denominacao }], total }`. */
export async function fetchImovelOptions(q: string, id?: number, signal?: AbortSignal) {
  const qs = new URLSearchParams({ ...(q ? { q } : {}), ...(id ? { id: String(id) } : {}) }).toString();
  const res = await http.get<{ imoveis: ManutencaoImovelOption[]; total: number }>(
    `/manutencoes/imoveis${qs ? `?${qs}` : ''}`,
    { signal },
  );
  return res.imoveis;
}

/** Body of POST/PUT as the form sends it ('yyyy-MM-dd' date, decimal strings, null for empty fields). */
export interface ManutencaoBody {
  imovelId: number;
  titulo: string;
  tipo: string;
  dataPrevista: string;
  status: string;
  responsavel: string | null;
  custoEstimado: string | null;
  custoReal: string | null;
  observacoes: string | null;
  recorrencia: string | null;
}

export async function createManutencao(body: ManutencaoBody): Promise<Manutencao> {
  return itemFrom<Manutencao>(await http.post('/manutencoes', body), 'manutencao');
}

export async function updateManutencao(id: number, body: Partial<ManutencaoBody> & { version: number }) {
  return itemFrom<Manutencao>(await http.put(`/manutencoes/${id}`, body), 'manutencao');
}

export async function deleteManutencao(id: number): Promise<void> {
  await http.delete(`/manutencoes/${id}`);
}

export async function uploadAnexo(id: number, file: File): Promise<Manutencao> {
  return itemFrom<Manutencao>(await uploadFile(`/manutencoes/${id}/anexos`, file, file.name), 'manutencao');
}

export async function removeAnexo(m: Manutencao, fileId: string): Promise<Manutencao> {
  return itemFrom<Manutencao>(await http.delete(`/manutencoes/${m.id}/anexos/${fileId}`), 'manutencao');
}
