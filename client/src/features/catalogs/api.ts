import type {
  FormaAquisicao,
  FormaAquisicaoCreate,
  FormaAquisicaoUpdate,
  FormField,
  FormFieldCreate,
  FormFieldUpdate,
  NextNumbers,
  NumberingBody,
  NumberingPattern,
  TipoBem,
  TipoBemCreate,
  TipoBemUpdate,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

// ---- Asset types ----
export async function fetchTipos(): Promise<TipoBem[]> {
  return listFrom<TipoBem>(await http.get('/tipos-bens'), 'tiposBens');
}
export async function createTipo(body: TipoBemCreate): Promise<TipoBem> {
  return itemFrom<TipoBem>(await http.post('/tipos-bens', body), 'tipoBem');
}
export async function updateTipo(id: number, body: TipoBemUpdate): Promise<TipoBem> {
  return itemFrom<TipoBem>(await http.put(`/tipos-bens/${id}`, body), 'tipoBem');
}
/** Flips `active`; `version` is the one shown (a stale one is a 409). */
export async function toggleTipo(id: number, version: number): Promise<TipoBem> {
  return itemFrom<TipoBem>(await http.patch(`/tipos-bens/${id}/toggle`, { version }), 'tipoBem');
}
export async function deleteTipo(id: number): Promise<void> {
  await http.delete(`/tipos-bens/${id}`);
}

// ---- Acquisition forms ----
export async function fetchFormas(): Promise<FormaAquisicao[]> {
  return listFrom<FormaAquisicao>(await http.get('/formas-aquisicao'), 'formasAquisicao');
}
export async function createForma(body: FormaAquisicaoCreate): Promise<FormaAquisicao> {
  return itemFrom<FormaAquisicao>(await http.post('/formas-aquisicao', body), 'formaAquisicao');
}
export async function updateForma(id: number, body: FormaAquisicaoUpdate): Promise<FormaAquisicao> {
  return itemFrom<FormaAquisicao>(await http.put(`/formas-aquisicao/${id}`, body), 'formaAquisicao');
}
/** Flips `ativo`; `version` is the one shown (a stale one is a 409). */
export async function toggleForma(id: number, version: number): Promise<FormaAquisicao> {
  return itemFrom<FormaAquisicao>(
    await http.patch(`/formas-aquisicao/${id}/toggle-status`, { version }),
    'formaAquisicao',
  );
}
export async function deleteForma(id: number): Promise<void> {
  await http.delete(`/formas-aquisicao/${id}`);
}

// ---- Numbering ----
export async function fetchNumbering(): Promise<NumberingPattern> {
  return itemFrom<NumberingPattern>(await http.get('/numeracao'), 'pattern');
}
export async function saveNumbering(body: Omit<NumberingBody, 'municipalityId'>): Promise<NumberingPattern> {
  return itemFrom<NumberingPattern>(await http.put('/numeracao', body), 'pattern');
}
export async function fetchNextNumbers(): Promise<NextNumbers> {
  return http.get<NextNumbers>('/numeracao/proximo');
}

// ---- Asset form fields ----
export async function fetchFields(): Promise<FormField[]> {
  const list = listFrom<FormField>(await http.get('/asset-form-fields'), 'fields');
  return [...list].sort((a, b) => a.position - b.position || a.id - b.id);
}
export async function createField(body: FormFieldCreate): Promise<FormField> {
  return itemFrom<FormField>(await http.post('/asset-form-fields', body), 'field');
}
export async function updateField(id: number, body: FormFieldUpdate): Promise<FormField> {
  return itemFrom<FormField>(await http.put(`/asset-form-fields/${id}`, body), 'field');
}
export async function deleteField(id: number): Promise<void> {
  await http.delete(`/asset-form-fields/${id}`);
}
export async function reorderFields(ids: number[]): Promise<FormField[]> {
  return listFrom<FormField>(await http.put('/asset-form-fields/reorder', { ids }), 'fields');
}
