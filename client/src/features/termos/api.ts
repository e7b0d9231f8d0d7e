import type { Job, TermoGenerateInput, TermoVersao, TermoVersaoList } from '@tombo/shared';
import { http, itemFrom, listFrom, saveBlob } from '../../lib/http';

/** Versions of the terms of one sector, or of every sector the user sees (newest first). */
export async function fetchTermos(setorId?: number): Promise<TermoVersao[]> {
  const q = setorId ? `?setorId=${setorId}` : '';
  return listFrom<TermoVersao>(await http.get<TermoVersaoList>(`/termos${q}`), 'termos');
}

/** Issues a new version (POST /api/termos → 202 `{ job, termo }`). */
export async function requestTermo(body: TermoGenerateInput): Promise<{ job: Job; termo: TermoVersao }> {
  const data = await http.post<{ job: Job; termo: TermoVersao }>('/termos', body);
  return { job: itemFrom<Job>(data, 'job'), termo: itemFrom<TermoVersao>(data, 'termo') };
}

/** Saves the PDF of any version (anyone who sees the sector may). */
export async function downloadTermo(t: TermoVersao): Promise<void> {
  const { blob, fileName } = await http.download(`/termos/${t.id}/download`);
  saveBlob(blob, fileName ?? `termo-${t.numero.replace(/\W+/g, '-')}-v${t.versao}.pdf`);
}
