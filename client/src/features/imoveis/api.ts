import type {
  Imovel,
  ImovelField,
  ImovelImportResult,
  ImovelList,
  ImovelListItem,
  Job,
  SituacaoImovel,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';
import { uploadFile, type UploadOptions } from '../../lib/upload';

/** Query of GET /api/imoveis as the client builds it (strings, ready for the URL). */
export type ListParams = Record<string, string>;

/** One page of GET /api/imoveis. */
export async function fetchImoveis(params: ListParams, signal?: AbortSignal): Promise<ImovelList> {
  const qs = new URLSearchParams(params).toString();
  const data = await http.get<ImovelList>(`/imoveis${qs ? `?${qs}` : ''}`, { signal });
  const imoveis = listFrom<ImovelListItem>(data, 'imoveis');
  return {
    imoveis,
    total: data?.total ?? imoveis.length,
    page: data?.page ?? Number(params.page ?? 1),
    pageSize: data?.pageSize ?? Number(params.pageSize ?? imoveis.length),
  };
}

/** The whole record (history, photos, documents). */
export async function fetchImovel(id: number): Promise<Imovel> {
  return itemFrom<Imovel>(await http.get(`/imoveis/${id}`), 'imovel');
}

/** Body of a create / update as the form sends it (decimal strings, ISO dates, ids). */
export interface ImovelBody {
  numero_patrimonio?: string;
  denominacao: string;
  endereco: string;
  cep: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  area_construida: string | null;
  area_terreno: string | null;
  situacao: SituacaoImovel;
  utilizacao: string | null;
  sectorId: number | null;
  formaAquisicaoId: number | null;
  data_aquisicao: string | null;
  valor_aquisicao: string | null;
  latitude: string | null;
  longitude: string | null;
  observacoes: string | null;
  customFields: Record<string, string | number | boolean | null>;
}

/** POST /api/imoveis: the number comes from the numbering unless the body has one. */
export async function createImovel(body: ImovelBody): Promise<Imovel> {
  return itemFrom<Imovel>(await http.post('/imoveis', body), 'imovel');
}

/** PUT /api/imoveis/:id with the version read (409 when someone saved first). */
export async function updateImovel(id: number, body: Partial<ImovelBody> & { version: number }): Promise<Imovel> {
  return itemFrom<Imovel>(await http.put(`/imoveis/${id}`, body), 'imovel');
}

/** DELETE /api/imoveis/:id. */
export async function deleteImovel(id: number): Promise<void> {
  await http.delete(`/imoveis/${id}`);
}

/** Sends one photo or document of a property (multipart, with progress). */
export async function uploadArquivo(
  id: number,
  kind: 'foto' | 'documento',
  file: File,
  opts: UploadOptions = {},
): Promise<Imovel> {
  const path = `/imoveis/${id}/${kind === 'foto' ? 'fotos' : 'documentos'}`;
  return itemFrom<Imovel>(await uploadFile<{ imovel: Imovel }>(path, file, file.name, opts), 'imovel');
}

/** Removes one stored photo or document; answers the record. */
export async function deleteArquivo(id: number, fileId: string): Promise<Imovel> {
  return itemFrom<Imovel>(await http.delete(`/imoveis/${id}/arquivos/${fileId}`), 'imovel');
}

/** A custom-field definition as the dialog sends it. */
export interface ImovelFieldBody {
  label: string;
  key?: string;
  type: ImovelField['type'];
  required: boolean;
  options: string[] | null;
}

/** The property form's fields, in their order. */
export async function fetchImovelFields(): Promise<ImovelField[]> {
  const list = listFrom<ImovelField>(await http.get('/imovel-fields'), 'fields');
  return [...list].sort((a, b) => a.position - b.position);
}
/** Adds a custom field at the end of the form. */
export async function createImovelField(body: ImovelFieldBody): Promise<ImovelField> {
  return itemFrom<ImovelField>(await http.post('/imovel-fields', body), 'field');
}
/** Changes a field's label, type (not a system field's), required flag or options. */
export async function updateImovelField(
  id: number,
  body: Partial<Omit<ImovelFieldBody, 'key'>> & { version: number },
): Promise<ImovelField> {
  return itemFrom<ImovelField>(await http.put(`/imovel-fields/${id}`, body), 'field');
}
/** Deletes a custom field (a system field answers 409). */
export async function deleteImovelField(id: number): Promise<void> {
  await http.delete(`/imovel-fields/${id}`);
}
/** Every field id, once, in the new order. */
export async function reorderImovelFields(ids: number[]): Promise<ImovelField[]> {
  return listFrom<ImovelField>(await http.put('/imovel-fields/reorder', { ids }), 'fields');
}

/** Starts the XLSX export of the properties matching the list's filters and order (a background job). */
export async function exportImoveis(params: ListParams): Promise<Job> {
  const body: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (!v || k === 'page' || k === 'pageSize') continue;
    body[k] = k === 'sectorId' ? Number(v) : v;
  }
  return itemFrom<Job>(await http.post('/imoveis/export', body), 'job');
}

/** Imports a sheet in the export's format: all rows or none (400 with the errors per row). */
export async function importImoveis(file: File, opts: UploadOptions = {}): Promise<ImovelImportResult> {
  return uploadFile<ImovelImportResult>('/imoveis/importar', file, file.name, opts);
}
