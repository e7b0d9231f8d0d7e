import type {
  GerarEtiquetasBody,
  Job,
  LabelTemplate,
  LabelTemplateCreate,
  LabelTemplateList,
  PatrimonioList,
  PatrimonioListItem,
} from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

/** GET /api/label-templates (the default first). */
export async function fetchLabelTemplates(): Promise<LabelTemplate[]> {
  return listFrom<LabelTemplate>(await http.get<LabelTemplateList>('/label-templates'), 'templates');
}

/** POST /api/label-templates. */
export async function createLabelTemplate(body: LabelTemplateCreate): Promise<LabelTemplate> {
  return itemFrom<LabelTemplate>(await http.post('/label-templates', body), 'template');
}

/** PUT /api/label-templates/:id (whole template + version). */
export async function updateLabelTemplate(id: number, body: LabelTemplateCreate & { version: number }) {
  return itemFrom<LabelTemplate>(await http.put(`/label-templates/${id}`, body), 'template');
}

/** DELETE /api/label-templates/:id. */
export async function deleteLabelTemplate(id: number): Promise<void> {
  await http.delete(`/label-templates/${id}`);
}

/** POST /api/etiquetas → the queued job. */
export async function requestEtiquetas(body: GerarEtiquetasBody): Promise<Job> {
  return itemFrom<Job>(await http.post('/etiquetas', body), 'job');
}

/** A few assets of the register (for the live preview), by quick search or list filters. */
export async function searchAssets(
  params: Record<string, string>,
): Promise<{ items: PatrimonioListItem[]; total: number }> {
  const qs = new URLSearchParams({ pageSize: '20', sort: 'numero_patrimonio', order: 'asc', ...params });
  const data = await http.get<PatrimonioList>(`/patrimonios?${qs}`);
  const items = listFrom<PatrimonioListItem>(data, 'patrimonios');
  return { items, total: data?.total ?? items.length };
}

/** One asset by id (a selection passed from the list). */
export async function fetchAsset(id: number): Promise<PatrimonioListItem> {
  return itemFrom<PatrimonioListItem>(await http.get(`/patrimonios/${id}`), 'patrimonio');
}
