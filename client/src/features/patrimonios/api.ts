import type {
  Job,
  Patrimonio,
  PatrimonioCreate,
  PatrimonioDeleteResult,
  PatrimonioList,
  PatrimonioBulkBody,
  PatrimonioBulkResult,
  PatrimonioListItem,
  PatrimonioLote,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';
import { uploadFile, type UploadOptions } from '../../lib/upload';

/** Query of GET /api/patrimonios as the client builds it (strings, ready for the URL). */
export type ListParams = Record<string, string>;

export async function fetchPatrimonios(params: ListParams, signal?: AbortSignal): Promise<PatrimonioList> {
  const qs = new URLSearchParams(params).toString();
  const data = await http.get<PatrimonioList>(`/patrimonios${qs ? `?${qs}` : ''}`, { signal });
  const patrimonios = listFrom<PatrimonioListItem>(data, 'patrimonios');
  return {
    patrimonios,
    total: data?.total ?? patrimonios.length,
    page: data?.page ?? Number(params.page ?? 1),
    pageSize: data?.pageSize ?? Number(params.pageSize ?? patrimonios.length),
  };
}

export async function fetchPatrimonio(id: number): Promise<Patrimonio> {
  return itemFrom<Patrimonio>(await http.get(`/patrimonios/${id}`), 'patrimonio');
}

/** Body of a create / update as the form sends it (numbers and ISO dates). */
export type PatrimonioBody = Omit<PatrimonioCreate, 'numero_patrimonio' | 'municipalityId' | 'valor_aquisicao'> & {
  valor_aquisicao: string;
};

export async function createPatrimonio(body: PatrimonioBody): Promise<Patrimonio> {
  return itemFrom<Patrimonio>(await http.post('/patrimonios', body), 'patrimonio');
}

export async function updatePatrimonio(
  id: number,
  body: Partial<PatrimonioBody> & { version: number },
): Promise<Patrimonio> {
  return itemFrom<Patrimonio>(await http.put(`/patrimonios/${id}`, body), 'patrimonio');
}

export async function deletePatrimonio(id: number): Promise<PatrimonioDeleteResult> {
  return http.delete<PatrimonioDeleteResult>(`/patrimonios/${id}`);
}

export interface LoteResult {
  patrimonios: PatrimonioListItem[];
  count: number;
  first: string;
  last: string;
}
export async function createLote(body: PatrimonioBody & Pick<PatrimonioLote, 'quantity'>): Promise<LoteResult> {
  return http.post<LoteResult>('/patrimonios/lote', body);
}

export async function uploadArquivo(
  id: number,
  kind: 'foto' | 'documento',
  file: File,
  opts: UploadOptions = {},
): Promise<Patrimonio> {
  const data = await uploadFile<{ patrimonio: Patrimonio }>(
    `/patrimonios/${id}/${kind === 'foto' ? 'fotos' : 'documentos'}`,
    file,
    file.name,
    opts,
  );
  return itemFrom<Patrimonio>(data, 'patrimonio');
}

export async function deleteArquivo(id: number, fileId: string): Promise<Patrimonio> {
  return itemFrom<Patrimonio>(await http.delete(`/patrimonios/${id}/arquivos/${fileId}`), 'patrimonio');
}

/** The list's filters as the API's `filtro` object (custom fields under `cf`; paging and order left out). */
export function filtroOf(params: ListParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const cf: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (!v || ['page', 'pageSize', 'sort', 'order'].includes(k)) continue;
    if (k.startsWith('cf.')) cf[k.slice(3)] = v;
    else body[k] = v;
  }
  if (Object.keys(cf).length) body.cf = cf;
  return body;
}

/** Starts the XLSX export of the assets matching the list's filters (paging/sorting ignored). */
export async function exportPatrimonios(params: ListParams): Promise<Job> {
  return itemFrom<Job>(await http.post('/patrimonios/export', { format: 'xlsx', ...filtroOf(params) }), 'job');
}

/** PATCH /api/patrimonios: the same fields of many assets at once (all or nothing; refusals in the error). */
export async function bulkEditPatrimonios(body: PatrimonioBulkBody): Promise<PatrimonioBulkResult> {
  return http.patch<PatrimonioBulkResult>('/patrimonios', body);
}
