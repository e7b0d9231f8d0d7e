import type {
  FichaGenerateBody,
  FichaTemplate,
  FichaTemplateInput,
  FichaTemplateList,
  Job,
  Patrimonio,
  PatrimonioList,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

/** The municipality's record-sheet templates (GET /api/ficha-templates). */
export async function fetchFichaTemplates(): Promise<FichaTemplate[]> {
  return listFrom<FichaTemplate>(await http.get<FichaTemplateList>('/ficha-templates'), 'templates');
}

/** One template. */
export async function fetchFichaTemplate(id: number): Promise<FichaTemplate> {
  return itemFrom<FichaTemplate>(await http.get(`/ficha-templates/${id}`), 'template');
}

export async function createFichaTemplate(body: FichaTemplateInput): Promise<FichaTemplate> {
  return itemFrom<FichaTemplate>(await http.post('/ficha-templates', body), 'template');
}

export async function updateFichaTemplate(
  id: number,
  body: FichaTemplateInput & { version: number },
): Promise<FichaTemplate> {
  return itemFrom<FichaTemplate>(await http.put(`/ficha-templates/${id}`, body), 'template');
}

export async function deleteFichaTemplate(id: number): Promise<void> {
  await http.delete(`/ficha-templates/${id}`);
}

/** Queues the record sheet(s) (POST /api/fichas → 202 `{ job }`). */
export async function requestFicha(body: FichaGenerateBody): Promise<Job> {
  return itemFrom<Job>(await http.post('/fichas', body), 'job');
}

/** A real asset for the editor's preview: the most recent one the user sees, whole. */
export async function fetchPreviewAsset(): Promise<Patrimonio | null> {
  const list = await http.get<PatrimonioList>('/patrimonios?page=1&pageSize=1');
  const first = listFrom<{ id: number }>(list, 'patrimonios')[0];
  if (!first) return null;
  return itemFrom<Patrimonio>(await http.get(`/patrimonios/${first.id}`), 'patrimonio');
}
